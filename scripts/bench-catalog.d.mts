// Types of scripts/bench-catalog.mjs's exports.
export const ANTWERP: string;
export const GENERATED_DATASETS: number;
export function benchCatalog(given?: string): Promise<{ file: string; label: string; term: string }>;
/** A catalog's triples `copies` times: each copy its own dataset / distribution / data service IRIs and blank node labels (and ` #k` after the literals of the `distinctText` predicates). */
export function multiplyCatalog<T extends { subject: { termType: string; value: string }; predicate: string; object: { termType: string; value: string } }>(triples: readonly T[], copies: number, options?: { distinctText?: readonly string[] }): { triples: T[]; datasets: number };
