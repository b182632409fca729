/**
 * `catalog-blocks/node`: Node-only helpers for the job API clients (never imported by browser bundles):
 * disk-backed files and Node streams as upload sources.
 */
export { fileFromPath, uploadSourceFromStream, mediaTypeFor } from './file-source.ts';
export type { NamedBlob } from './file-source.ts';
