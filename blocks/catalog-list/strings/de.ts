/** German strings of <catalog-list> (`corelist.*`), a chunk of their own (strings.ts). */
export const listDe = {
  'corelist.empty': 'Es gibt nichts anzuzeigen.',
  'corelist.noEntry': 'Es wurde kein Eintrag angegeben, daher gibt es nichts aufzulisten.',
  'corelist.notFound': 'Der Eintrag wurde nicht gefunden oder ist nicht öffentlich.',
};
