/**
 * UI strings and value formatting in the three supported languages. Messages are plain objects (en.ts, sv.ts,
 * de.ts), each its own chunk: a page downloads only the language it shows (`loadMessages`), while the loading and
 * error-state strings of every language (core.ts) are always at hand. `msg` looks a key up, picks the `.one`
 * variant for a count of one and fills `{name}` placeholders.
 */
import type { MessageKey, Messages } from './en.ts';
import { deCore, enCore, svCore } from './core.ts';

export type Lang = 'sv' | 'en' | 'de';
export const LANGS: readonly Lang[] = ['sv', 'en', 'de'];
export type { MessageKey, Messages };

const CORE: Readonly<Record<Lang, Readonly<Record<string, string>>>> = { en: enCore, sv: svCore, de: deCore };
const LOADERS: Readonly<Record<Lang, () => Promise<Messages>>> = {
  en: () => import('./en.ts').then((m) => m.en),
  sv: () => import('./sv.ts').then((m) => m.sv),
  de: () => import('./de.ts').then((m) => m.de),
};
const loaded: Partial<Record<Lang, Messages>> = {};
const loading = new Map<Lang, Promise<void>>();

/**
 * Makes every UI string of `lang` available to `msg`. Blocks await it together with their data, so it costs no
 * extra round trip in practice. Never rejects: if the chunk cannot load, the core strings still work and other keys
 * show as themselves (visible, never a crash).
 */
export function loadMessages(lang: Lang): Promise<void> {
  const l = toLang(lang) ?? 'en';
  if (loaded[l]) return Promise.resolve();
  let p = loading.get(l);
  if (!p) {
    p = LOADERS[l]().then(
      (table) => {
        loaded[l] = table;
      },
      (e: unknown) => {
        loading.delete(l);
        console.warn(`catalog-blocks: the ${l} UI strings could not be loaded`, e);
      },
    );
    loading.set(l, p);
  }
  return p;
}

/** Loads all three languages (tests, tools). */
export async function loadAllMessages(): Promise<void> {
  await Promise.all(LANGS.map(loadMessages));
}

/** `sv-SE` → `sv`; unsupported or empty → undefined. */
export function toLang(tag?: string | null): Lang | undefined {
  const primary = (tag ?? '').trim().split(/[-_]/)[0]?.toLowerCase();
  return (LANGS as readonly string[]).includes(primary ?? '') ? (primary as Lang) : undefined;
}

/** The message table of a language (for tests and tooling); load it first with `loadMessages`. */
export function messages(lang: Lang): Messages {
  const table = loaded[toLang(lang) ?? 'en'];
  if (!table) throw new Error(`catalog-blocks: messages of ${lang} are not loaded; await loadMessages() first`);
  return table;
}

const warned = new Set<string>();

/**
 * The UI string `key` in `lang`. A numeric `n` selects `key.one` when the language's plural rule says "one" and such
 * a key exists; numbers are written with the locale's digit grouping. An unknown key returns the key itself and
 * warns once (a missing translation must be visible, never crash a block).
 */
export function msg(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  const l = toLang(lang) ?? 'en';
  const table: Readonly<Record<string, string>> = loaded[l] ?? CORE[l];
  let text: string | undefined;
  const n = vars?.n;
  if (typeof n === 'number' && new Intl.PluralRules(l).select(n) === 'one') text = table[`${key}.one`];
  text ??= table[key];
  if (text === undefined) {
    if (!loaded[l]) return key; // asked before loadMessages(): not a missing translation
    if (!warned.has(key)) {
      warned.add(key);
      console.warn(`catalog-blocks: no UI string "${key}"`);
    }
    return key;
  }
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    return typeof v === 'number' ? formatNumber(v, l) : v;
  });
}

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

/** 2636 → "2,636" (en), "2 636" (sv), "2.636" (de). */
export function formatNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(toLang(lang) ?? 'en', { useGrouping: true, maximumFractionDigits: 20 }).format(n);
}
