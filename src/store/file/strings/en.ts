/** English strings of the file store's progress (`file.*`, progress-view.ts): loaded with it, never by pages without a catalog file. */
export const fileStoreEn = {
  'file.reading': 'Reading the catalog file… {loaded} of {total}',
  'file.readingSoFar': 'Reading the catalog file… {loaded}',
  'file.indexing': 'Indexing the catalog…',
};
