// Types of scripts/generate-catalog.mjs's exports (used by the dev store scale bench and tests).
export interface GeneratedCatalog { file: string; format: 'nt' | 'ttl' | 'rdf'; datasets: number; publishers: number; keywords: number; publisherUris: string[] }
export function generateCatalog(options: { datasets: number; seed?: number; out?: string; format?: 'nt' | 'ttl' | 'rdf' }): Promise<GeneratedCatalog>;
export const SAMPLE: { svWords: string[]; enWords: string[]; themes: string[]; places: string[]; base: string };
