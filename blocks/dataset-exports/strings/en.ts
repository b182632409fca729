/**
 * English strings of <dataset-exports> (`export.*`): its status texts and the CSV headers the landing part lacks. A
 * lazy chunk per language (see ../strings.ts): search pages without the block never download them.
 */
export const exportsEn = {
  'export.col.title': 'Title',
  'export.col.resource': 'Resource URI',
  'export.none': 'There is nothing to export.',
  'export.capped': 'The result has {total} datasets; only the first {cap} are exported.',
  'export.done': 'Exported {n} datasets.',
  'export.done.one': 'Exported 1 dataset.',
  'export.leftOut': '{n} statements with an unusable URI, language tag or value were left out of the file.',
  'export.leftOut.one': '1 statement with an unusable URI, language tag or value was left out of the file.',
  'export.leftOutDatasets': '{n} datasets without an absolute URI were left out of the file.',
  'export.leftOutDatasets.one': '1 dataset without an absolute URI was left out of the file.',
  'export.failed': 'The export failed. Please try again.',
} as const;

export type ExportMessages = Readonly<Record<keyof typeof exportsEn, string>>;
