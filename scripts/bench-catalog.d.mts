// Types of scripts/bench-catalog.mjs's exports.
export const ANTWERP: string;
export const GENERATED_DATASETS: number;
export function benchCatalog(given?: string): Promise<{ file: string; label: string; term: string }>;
