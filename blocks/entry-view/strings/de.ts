/** German strings of the entry parts (`ev.*`). */
export const entryViewDe = {
  'ev.image': 'Bild',
  'ev.images': 'Bilder: {title}',
  'ev.previous': 'Vorheriges Bild',
  'ev.next': 'Nächstes Bild',
  'ev.slide': '{n} von {total}',
  'ev.show': 'Bild {n} zeigen',
};
