/**
 * The filename rule of the current API (SPEC "Limits", "Errors": no path separator, at most 200 characters), in one
 * place for the server (dev store, 400), the upload block (checked before sending) and anyone else. Characters are
 * counted as Unicode code points. Empty names and control characters are refused too.
 */
export const MAX_FILENAME_CHARS = 200;

export type FilenameProblem = 'empty' | 'separator' | 'tooLong' | 'control';

export function filenameProblem(name: string | undefined): FilenameProblem | undefined {
  if (name === undefined || name === '') return 'empty';
  if (/[/\\]/.test(name)) return 'separator';
  if ([...name].length > MAX_FILENAME_CHARS) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control';
  return undefined;
}
