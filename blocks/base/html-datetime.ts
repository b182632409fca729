/**
 * The `datetime` attribute of `<time>` must be a valid HTML date/time string, and metadata often is not one
 * (Rostock writes microseconds, `2017-08-01T10:46:45.590516`; others write `+0100` offsets or years before 1000).
 * This normalises what can be said exactly and returns undefined otherwise, so the element is rendered without
 * the attribute rather than invalid.
 */
import { DATE_PARTS, utcDay } from '../../src/i18n/format.ts';

export function htmlDatetime(value: string): string | undefined {
  const m = DATE_PARTS.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = m;
  // HTML has no year before 1, no day that does not exist and no time zone of a date without a time.
  if (Number(y) < 1 || (mo && utcDay(y!, mo, d ?? '1') === undefined) || (d && zone && !h)) return undefined;
  const date = [y, mo, d].filter(Boolean).join('-');
  if (!h) return date; // a gYear's or gYearMonth's time zone has no place in HTML
  const offset = zone?.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2') ?? '';
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(offset.slice(1, 3)) > 23 || Number(offset.slice(4)) > 59) return undefined;
  // HTML allows at most milliseconds
  return `${date}T${h}:${mi}${s ? `:${s}` : ''}${fraction ? `.${fraction.slice(0, 3)}` : ''}${offset}`;
}
