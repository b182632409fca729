/** Swedish strings of <catalog-list> (`corelist.*`), a chunk of their own (strings.ts). */
export const listSv = {
  'corelist.empty': 'Det finns inget att visa.',
  'corelist.noEntry': 'Ingen post har angetts, så det finns inget att lista.',
  'corelist.notFound': 'Posten hittades inte eller är inte publik.',
};
