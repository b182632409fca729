/**
 * English strings of <catalog-data-preview> (`preview.*`): a chunk of their own, loaded by the preview with the page's
 * UI strings (strings.ts), so pages without a preview never download them.
 */
export const previewEn = {
  'preview.heading': 'Data preview',
  'preview.caption': 'Preview of {name}',
  'preview.loading': 'Loading preview…',
  'preview.tooLarge': 'The file is too large to preview.',
  'preview.tooLargePartial': 'The file is larger than 10 MiB: the table shows only the {n} rows of its first 10 MiB.',
  'preview.notTabular': 'This file does not contain tabular data.',
  'preview.failed': 'The data could not be loaded for preview.',
  'preview.retry': 'Try again',
  'preview.download': 'Download the file',
  'preview.rows': 'Rows {from}–{to} of {total}',
  'preview.rowsFiltered': 'Rows {from}–{to} of {total} matching (of {all})',
  'preview.noRows': 'The file has no rows below its header.',
  'preview.noMatch': 'No rows match the filter (of {all}).',
  'preview.filter': 'Filter rows',
  'preview.columns': 'Columns',
  'preview.showColumns': 'Columns shown',
  'preview.column': 'Column {n}',
  'preview.pages': 'Pages of the preview',
  'preview.pagesOf': 'Pages of the preview of {name}',
  'preview.page': 'Page {page} of {pages}',
  'preview.first': 'First page',
  'preview.prev': 'Previous page',
  'preview.next': 'Next page',
  'preview.last': 'Last page',
  'preview.rowsPartial': 'Rows {from}–{to} of the first {total} read.',
  'preview.rowsFilteredPartial': 'Rows {from}–{to} of {total} matching in the first {all} read.',
  'preview.noMatchPartial': 'No rows match the filter in the first {all} read.',
  'preview.morePartial': 'The file has more rows: the next pages read them.',
  'preview.samplePartial': 'Sorting and filtering apply to the rows read so far; the next pages read more of the file.',
  'preview.pagePartial': 'Page {page} of {pages} or more',
  'preview.readingMore': 'Reading more rows…',
} as const;

export type PreviewKey = keyof typeof previewEn;
export type PreviewMessages = Readonly<Record<PreviewKey, string>>;
