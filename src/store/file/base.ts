/** What ends the base URL of a catalog file's store: `{file URL}#store/` (the file's minted IRIs live under it too). */
export const FILE_STORE = '#store/';
