/**
 * Dates and byte sizes for people, in the UI language: what landing pages and expanded rows show. Apart from
 * index.ts so that a search page, which shows neither, does not load them.
 */
import { formatNumber, toLang, type Lang } from './index.ts';

export type DatePrecision = 'year' | 'month' | 'day' | 'time';

/**
 * A gYear, gYearMonth, date or date-time lexical form: year (4 digits or more, maybe negative), month, day, hour,
 * minute, second, fraction of a second, time zone. Also what blocks/base/html-datetime.ts reads.
 */
export const DATE_PARTS = /^(-?\d{4,})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Midnight UTC of a calendar day, or undefined when there is no such day (2024-02-31, 2023-02-29, month 13). Any
 * year: Date.UTC would map 0–99 to 1900–1999.
 */
export function utcDay(year: string, month: string, day: string): number | undefined {
  const date = new Date(Date.UTC(2000, Number(month) - 1, Number(day)));
  date.setUTCFullYear(Number(year));
  // month 13 or day 31 of a 30-day month roll over into another month
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day) ? date.getTime() : undefined;
}

/**
 * A date for people: `year` → "2024"; `month` → "May 2024"; `day` → long date; `time` → long date and short time.
 * Dates without a time are calendar dates and never shift across time zones; a date-time with an offset is shown in
 * the reader's time zone (`timeZone` overrides, for tests), one without an offset as written. Unreadable → as given.
 */
export function formatDate(value: string, precision: DatePrecision, lang: Lang, timeZone?: string): string {
  const m = DATE_PARTS.exec(value.trim());
  if (!m) return value;
  const [, y, mo, d, h, mi, s = '00', , zone] = m;
  // An invalid time (NaN) makes format() throw: the value is shown as given (catch below).
  const format = (date: number | undefined, options: Intl.DateTimeFormatOptions): string =>
    date === undefined ? value : new Intl.DateTimeFormat(toLang(lang) ?? 'en', { timeZone: 'UTC', ...options }).format(date);
  try {
    if (precision === 'time' && h) {
      // With an offset: that instant in the reader's (or the given) time zone; without: the time as written (UTC).
      const at = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone?.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') ?? 'Z'}`);
      return format(at, { dateStyle: 'long', timeStyle: 'short', timeZone: zone ? timeZone : 'UTC' });
    }
    if (precision === 'year' || !mo) return format(utcDay(y!, '1', '1'), { year: 'numeric' });
    if (precision === 'month' || !d) return format(utcDay(y!, mo, '1'), { year: 'numeric', month: 'long' });
    return format(utcDay(y!, mo, d), { dateStyle: 'long' });
  } catch {
    return value;
  }
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * 2300000 → "2.3 MB" (en), "2,3 MB" (sv, de): decimal units, one decimal below 10, none above. Number and unit are
 * always joined by a no-break space (Intl's choice varies by locale and unit), so a size never wraps apart.
 */
export function formatBytes(n: number, lang: Lang): string {
  const l = toLang(lang) ?? 'en';
  if (!Number.isFinite(n) || n < 0) return String(n);
  let value = n;
  let unit = 0;
  // From kB on, what rounds to 1000 moves up too: 999.95 kB would read "1,000 kB".
  while (unit < BYTE_UNITS.length - 1 && (unit ? Math.round(value) : value) >= 1000) {
    value /= 1000;
    unit++;
  }
  // Intl's short "byte" reads "512 byte" in English; a plain "B" is what file listings use.
  if (unit === 0) return `${formatNumber(Math.round(value), l)}\u00a0B`;
  const digits = value >= 10 ? 0 : 1;
  return new Intl.NumberFormat(l, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: digits,
    minimumFractionDigits: 0,
  }).format(value).replace(/(\d)\s+(?=\D)/u, '$1\u00a0');
}
