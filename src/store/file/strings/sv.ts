/** Swedish strings of the file store's progress (`file.*`, progress-view.ts). */
export const fileStoreSv = {
  'file.reading': 'Läser katalogfilen… {loaded} av {total}',
  'file.readingSoFar': 'Läser katalogfilen… {loaded}',
  'file.indexing': 'Indexerar katalogen…',
};
