/**
 * The filename rule of the current API (SPEC "Limits", "Errors": no path separator, at most 200 characters), in one
 * place for the server (dev store, 400), the upload block (checked before sending) and anyone else. The name becomes
 * the download name of the stored file, so anything that could act as a path, hide text or reorder it is refused:
 *
 * - `empty`: no name, or the empty string.
 * - `separator`: `/` or `\`, also where only the NFKC form has them (fullwidth `／` U+FF0F, `＼` U+FF3C, small `﹨`
 *   U+FE68 …): file systems and download tools that normalise would see a path.
 * - `tooLong`: more than 200 characters, counted as Unicode code points of the name as sent.
 * - `control`: C0 controls U+0000–U+001F, DEL U+007F, C1 controls U+0080–U+009F (NEL U+0085 is a line break),
 *   and the line / paragraph separators U+2028, U+2029.
 * - `bidi`: bidirectional formatting characters (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069,
 *   marks U+200E, U+200F, U+061C): they make `invoice‮fdp.exe` read as `invoiceexe.pdf`.
 * - `dotSegment`: the name is `.` or `..`, also only after NFKC (`．．` U+FF0E, `‥` U+2025, `․` U+2024).
 * - `edge` (a choice of this project, for Windows and for readers): the NFKC form begins or ends with a space or
 *   ends with a dot. Windows silently drops trailing spaces and dots (`data.csv.` saves as `data.csv`, `...` as an
 *   empty name) and leading spaces are invisible in most lists. A leading dot (`.hidden.csv`) and inner dots and
 *   spaces stay allowed.
 *
 * The first problem in the order above is reported. Everything else (any script, emoji sequences with U+200D) is
 * accepted. Windows device names (`CON`, `NUL.csv` …) and characters Windows forbids (`<>:"|?*`) are left alone:
 * they are harmless in the store (a stored file lives under its job id, never under its name) and browsers rename
 * them when saving a download.
 */
export const MAX_FILENAME_CHARS = 200;

export type FilenameProblem = 'empty' | 'separator' | 'tooLong' | 'control' | 'bidi' | 'dotSegment' | 'edge';

const SEPARATOR = /[/\\]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

export function filenameProblem(name: string | undefined): FilenameProblem | undefined {
  if (name === undefined || name === '') return 'empty';
  const nfkc = name.normalize('NFKC');
  if (SEPARATOR.test(name) || SEPARATOR.test(nfkc)) return 'separator';
  if ([...name].length > MAX_FILENAME_CHARS) return 'tooLong';
  if (CONTROL.test(name) || CONTROL.test(nfkc)) return 'control';
  if (BIDI.test(name) || BIDI.test(nfkc)) return 'bidi';
  if (nfkc === '.' || nfkc === '..') return 'dotSegment';
  if (/^\s|\s$|\.$/u.test(nfkc)) return 'edge';
  return undefined;
}
