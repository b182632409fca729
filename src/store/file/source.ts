/** What a store without EntryStore reads: a DCAT file, or a SPARQL endpoint holding the catalog. */
import { FILE_STORE, SPARQL_STORE } from './base.ts';

export type CatalogSource = { readonly file: string } | { readonly sparql: string };

/** The URL the source is read from (the file, or the endpoint). */
export const sourceUrl = (source: CatalogSource): string => ('file' in source ? source.file : source.sparql);

/** The base URL of the source's store (`{file}#store/`, `{endpoint}#sparql/`), under which it answers. */
export const storeBase = (source: CatalogSource): string => ('file' in source ? source.file + FILE_STORE : source.sparql + SPARQL_STORE);
