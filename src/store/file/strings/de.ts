/** German strings of the file store's progress (`file.*`, progress-view.ts). */
export const fileStoreDe = {
  'file.reading': 'Katalogdatei wird gelesen… {loaded} von {total}',
  'file.readingSoFar': 'Katalogdatei wird gelesen… {loaded}',
  'file.indexing': 'Katalog wird indexiert…',
};
