/** English strings of the entry parts (`ev.*`): the slider's controls and the name of an image without a title. */
export const entryViewEn = {
  'ev.image': 'Image',
  'ev.images': 'Images: {title}',
  'ev.previous': 'Previous image',
  'ev.next': 'Next image',
  'ev.slide': '{n} of {total}',
  'ev.show': 'Show image {n}',
};
