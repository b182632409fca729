/**
 * Dates and byte sizes for people, in the UI language: what landing pages and expanded rows show. Apart from
 * index.ts so that a search page, which shows neither, does not load them.
 */
import { formatNumber, toLang, type Lang } from './index.ts';

export type DatePrecision = 'year' | 'month' | 'day' | 'time';

const DATE = /^(-?\d{4,})(?:-(\d{2})(?:-(\d{2}))?)?/;
const DATE_TIME = /^(-?\d{4,})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date for people: `year` → "2024"; `month` → "May 2024"; `day` → long date; `time` → long date and short time.
 * Dates without a time are calendar dates and never shift across time zones; a date-time with an offset is shown in
 * the reader's time zone (`timeZone` overrides, for tests), one without an offset as written. Unreadable → as given.
 */
export function formatDate(value: string, precision: DatePrecision, lang: Lang, timeZone?: string): string {
  const l = toLang(lang) ?? 'en';
  const v = value.trim();
  try {
    if (precision === 'time') {
      const m = DATE_TIME.exec(v);
      if (!m) return formatDate(v, 'day', l, timeZone);
      const [, y, mo, d, h, mi, s, zone] = m;
      let instant: number;
      let zoneToUse = timeZone;
      if (zone) {
        instant = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`);
      } else {
        instant = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
        zoneToUse = 'UTC';
      }
      if (Number.isNaN(instant)) return value;
      return new Intl.DateTimeFormat(l, { dateStyle: 'long', timeStyle: 'short', timeZone: zoneToUse }).format(instant);
    }
    const m = DATE.exec(v);
    if (!m) return value;
    const [, y, mo, d] = m;
    const year = Number(y);
    if (precision === 'year' || mo === undefined) {
      return new Intl.DateTimeFormat(l, { year: 'numeric', timeZone: 'UTC' }).format(utc(year, 0, 1));
    }
    const month = Number(mo) - 1;
    if (month < 0 || month > 11) return value;
    if (precision === 'month' || d === undefined) {
      return new Intl.DateTimeFormat(l, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(utc(year, month, 1));
    }
    const day = Number(d);
    const date = utc(year, month, day);
    if (new Date(date).getUTCDate() !== day) return value; // 2024-02-31 and the like
    return new Intl.DateTimeFormat(l, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return value;
  }
}

function utc(year: number, month: number, day: number): number {
  const d = new Date(Date.UTC(2000, month, day));
  d.setUTCFullYear(year); // Date.UTC maps years 0–99 to 1900–1999
  return d.getTime();
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
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  // 999.95 kB would round to "1,000 kB": move up a unit instead.
  if (unit > 0 && unit < BYTE_UNITS.length - 1 && Math.round(value) >= 1000) {
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
