/** Swedish strings of the entry parts (`ev.*`). */
export const entryViewSv = {
  'ev.image': 'Bild',
  'ev.images': 'Bilder: {title}',
  'ev.previous': 'Föregående bild',
  'ev.next': 'Nästa bild',
  'ev.slide': '{n} av {total}',
  'ev.show': 'Visa bild {n}',
};
