/**
 * A tiny RFC 4180 CSV writer: comma separated, CRLF line ends, a field quoted when it contains a comma, a quote,
 * CR or LF (quotes doubled). Metadata is untrusted and CSV files are opened in spreadsheets, so a field starting
 * with `=`, `+`, `-`, `@`, TAB or CR — which a spreadsheet would run as a formula — is prefixed with `'`
 * (OWASP "CSV injection"); nothing else is changed.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
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
