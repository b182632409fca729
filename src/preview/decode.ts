/**
 * Bytes → text for the preview (behaviour doc §6.5): an explicit encoding wins; else a byte-order mark decides
 * (UTF-8, UTF-16LE/BE); else UTF-8, unless the first 64 KiB are not valid UTF-8 — then windows-1252, the encoding
 * older spreadsheet exports of Nordic and German data use (a Latin-1 file read as UTF-8 turns å, ä, ö into �).
 */

/** How much of the file decides the encoding and the kind of content. */
export const SNIFF_BYTES = 64 * 1024;

/** The WHATWG name of a supported encoding label (`latin1` → `windows-1252`), or undefined. */
export function encodingName(label: string | undefined): string | undefined {
  const l = label?.trim();
  if (!l) return undefined;
  try {
    return new TextDecoder(l).encoding;
  } catch {
    return undefined;
  }
}

/**
 * The encoding to read a file with, from its first bytes (`head`, up to 64 KiB; `complete` when that is the whole
 * file) and the encoding the metadata gives (if any).
 */
export function chooseEncoding(head: Uint8Array, explicit?: string, complete = false): string {
  const given = encodingName(explicit);
  if (given) return given;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  try {
    // fatal: an invalid sequence throws (a real U+FFFD in the file does not); stream: a character cut at the end of
    // the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Decodes a byte stream piece by piece (characters split between pieces are kept whole); drops a leading BOM. */
export class StreamDecoder {
  readonly encoding: string;
  readonly #decoder: TextDecoder;

  constructor(encoding: string) {
    this.#decoder = new TextDecoder(encoding);
    this.encoding = this.#decoder.encoding;
  }

  push(bytes: Uint8Array): string {
    return this.#decoder.decode(bytes, { stream: true });
  }

  end(): string {
    return this.#decoder.decode();
  }
}
