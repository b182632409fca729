/** English strings of <catalog-list> (`corelist.*`), a chunk of their own (strings.ts). */
export const listEn = {
  'corelist.empty': 'There is nothing to show.',
  'corelist.noEntry': 'No entry was specified, so there is nothing to list.',
  'corelist.notFound': 'The entry could not be found or is not public.',
};
