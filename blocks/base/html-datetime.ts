/**
 * The `datetime` attribute of `<time>` must be a valid HTML date/time string, and metadata often is not one
 * (Rostock writes microseconds, `2017-08-01T10:46:45.590516`; others write `+0100` offsets or years before 1000).
 * This normalises what can be said exactly and returns undefined otherwise, so the element is rendered without
 * the attribute rather than invalid.
 */
const DATE_TIME = /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const YEAR_MONTH = /^(\d{4,})(?:-(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/;

export function htmlDatetime(value: string): string | undefined {
  const v = value.trim();
  const ym = YEAR_MONTH.exec(v);
  if (ym) {
    const [, y, mo] = ym;
    if (Number(y) === 0 || (mo !== undefined && !validMonth(mo))) return undefined;
    return mo === undefined ? y : `${y}-${mo}`; // a gYear's time zone has no place in HTML
  }
  const m = DATE_TIME.exec(v);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  if (Number(y) === 0 || !validMonth(mo!) || !validDay(Number(y), Number(mo), Number(d))) return undefined;
  const date = `${y}-${mo}-${d}`;
  if (h === undefined) return date;
  if (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59)) return undefined;
  let time = `${h}:${mi}`;
  if (s !== undefined) time += `:${s}`;
  if (s !== undefined && fraction) time += `.${fraction.slice(0, 3)}`; // HTML allows at most milliseconds
  let offset = '';
  if (zone === 'Z') offset = 'Z';
  else if (zone) {
    const z = zone.replace(':', '');
    if (Number(z.slice(1, 3)) > 23 || Number(z.slice(3)) > 59) return undefined;
    offset = `${z.slice(0, 3)}:${z.slice(3)}`;
  }
  return `${date}T${time}${offset}`;
}

function validMonth(mo: string): boolean {
  const n = Number(mo);
  return n >= 1 && n <= 12;
}

function validDay(y: number, mo: number, d: number): boolean {
  const days = new Date(Date.UTC(2000, mo, 0)).getUTCDate(); // 2000 is a leap year: Feb → 29
  if (d < 1 || d > days) return false;
  return !(mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)));
}
