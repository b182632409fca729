/**
 * Checks of a chosen file BEFORE anything is sent (the server would refuse the same files with 413 or 400 after the
 * whole upload): size within the block's limit and a name the API accepts (src/api/filename.ts: no path
 * separator, at most 200 characters, no control or bidirectional formatting characters, not `.`/`..`, no leading or
 * trailing space, no trailing dot; SPEC "Limits"). And the one gate for the result link: only http(s) URLs ever become an `href`.
 */
import { filenameProblem } from '../../src/api/filename.ts';
import { safeHref } from '../../src/dcat/safe.ts';

export const DEFAULT_MAX_SIZE_MB = 50;
const BYTES_PER_MB = 1024 * 1024;

/** A problem with the chosen file: an i18n key and its substitutions. */
export interface FileProblem {
  readonly key: 'upload.noFile' | 'upload.tooLarge' | 'upload.nameSeparator' | 'upload.nameTooLong' | 'upload.nameCharacters' | 'upload.nameEdges';
  readonly vars?: Record<string, number>;
}

/** `max-size-mb` → a positive number of MB; anything else → the default 50. */
export function maxSizeMb(raw: string | null | undefined): number {
  const n = Number(raw);
  return raw != null && raw.trim() !== '' && Number.isFinite(n) && n > 0 ? n : DEFAULT_MAX_SIZE_MB;
}

/** One decimal, never rounded down to the limit itself (a file over the limit must not read "50 MB of 50 MB"). */
function megabytes(bytes: number, limitMb: number): number {
  const mb = bytes / BYTES_PER_MB;
  const shown = Math.round(mb * 10) / 10;
  return shown <= limitMb ? Math.ceil(mb * 100) / 100 : shown;
}

export function checkFile(file: { name: string; size: number } | undefined, limitMb: number): FileProblem | undefined {
  if (!file) return { key: 'upload.noFile' };
  // The API's own rule (src/api/filename.ts): every name the server would refuse with 400 is refused here.
  const name = filenameProblem(file.name);
  if (name === 'separator') return { key: 'upload.nameSeparator' };
  if (name === 'tooLong') return { key: 'upload.nameTooLong', vars: { n: [...file.name].length } };
  if (name === 'control' || name === 'bidi') return { key: 'upload.nameCharacters' };
  if (name === 'empty' || name === 'dotSegment' || name === 'edge') return { key: 'upload.nameEdges' };
  if (file.size > limitMb * BYTES_PER_MB) return { key: 'upload.tooLarge', vars: { size: megabytes(file.size, limitMb), max: limitMb } };
  return undefined;
}

/** The href of a result link: an absolute http(s) URL, else undefined (then the address is shown as text only). */
export function httpHref(url: string | undefined): string | undefined {
  const href = safeHref(url);
  return href && /^https?:/i.test(href) ? href : undefined;
}
