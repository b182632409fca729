/**
 * What kind of content a file holds (behaviour doc §6.5), from its first bytes and first characters: binary
 * (NUL bytes, a ZIP/XLSX `PK` signature or another binary file signature) and markup (`<`: HTML, XML) are not
 * tabular; `[` followed by `[` or `{` (and `{`) is JSON; anything else is read as delimited text.
 */

export type ContentKind = 'text' | 'json' | 'markup' | 'binary';

/** File signatures of binary formats a CSV link often turns out to be (archives, spreadsheets, documents, images). */
const SIGNATURES: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04], // ZIP, XLSX, ODS, DOCX
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE2: XLS, DOC
  [0x1f, 0x8b], // gzip
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x42, 0x5a, 0x68], // bzip2
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x50, 0x41, 0x52, 0x31], // Parquet
];

/**
 * True when the first bytes say the file is binary: a known signature, or a NUL byte (text files have none; a UTF-16
 * file is recognised by its byte-order mark before this test and `utf16` skips it).
 */
export function isBinary(head: Uint8Array, utf16 = false): boolean {
  if (SIGNATURES.some((sig) => sig.every((b, i) => head[i] === b))) return true;
  return !utf16 && head.includes(0);
}

/** The kind of text content, from its first characters (a BOM and leading white space ignored). */
export function textKind(text: string): Exclude<ContentKind, 'binary'> {
  const start = /^\ufeff?\s*(\S)\s*(\S)?/.exec(text);
  const first = start?.[1];
  if (first === '<') return 'markup';
  if (first === '{') return 'json';
  if (first === '[' && (start?.[2] === '[' || start?.[2] === '{')) return 'json';
  return 'text';
}
