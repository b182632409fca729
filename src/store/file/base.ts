/**
 * What ends the base URL of a store the blocks read from one source instead of an EntryStore: `{file URL}#store/` for a
 * DCAT file (its minted IRIs live under it too), `{endpoint URL}#sparql/` for a SPARQL endpoint.
 */
export const FILE_STORE = '#store/';
export const SPARQL_STORE = '#sparql/';
