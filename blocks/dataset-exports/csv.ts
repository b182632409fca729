/**
 * A tiny RFC 4180 CSV writer: comma separated, CRLF line ends, a field quoted when it contains a comma, a quote,
 * CR or LF (quotes doubled). Metadata is untrusted and CSV files are opened in spreadsheets, so a field that a
 * spreadsheet could run as a formula is prefixed with `'` (OWASP "CSV injection"); nothing else is changed.
 *
 * A field is neutralised when it starts with TAB or CR, or when its first character after leading whitespace,
 * control and invisible format characters (`\s`, Cc, Cf, Z: space, LF, U+3000, U+200B, BOM, bidi marks …) is
 * `=`, `+`, `-` or `@` once NFKC-normalised (so the fullwidth `＝＋－＠` and small `﹦﹢﹣﹫` forms count):
 * spreadsheets trim or skip such characters and some normalise compatibility forms before parsing a formula.
 * Negative numbers get the prefix too (`'-2`): none of the export's columns is numeric, and a rule with no
 * exceptions cannot be talked around (`-2+cmd|…` also starts like a number).
 */

const NEEDS_QUOTES = /[",\r\n]/;
const STARTS_WITH_TAB_OR_CR = /^[\t\r]/;
const LEADING_INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Z}]+/u;
const FORMULA_START = /^[=+\-@]/;

/** Whether a spreadsheet might read `value` as a formula. */
export function isFormulaLike(value: string): boolean {
  if (STARTS_WITH_TAB_OR_CR.test(value)) return true;
  // Only the start is normalised (descriptions can be megabytes); trimmed again in case NFKC made more spaces.
  const start = value.replace(LEADING_INVISIBLE, '').slice(0, 8).normalize('NFKC');
  return FORMULA_START.test(start.replace(LEADING_INVISIBLE, ''));
}

export function csvField(value: string): string {
  const safe = isFormulaLike(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(fields: readonly string[]): string {
  return fields.map(csvField).join(',');
}

/** Header and rows as one CSV text (CRLF after every record, as RFC 4180 allows for the last one). */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((r) => `${csvRow(r)}\r\n`).join('');
}

/** Reads CSV back (RFC 4180; used by the tests and by nothing else): records of fields. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}
