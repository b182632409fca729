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
/** Tables a block brings along for itself (the upload block's `upload.*`), merged per language. */
const extra: Partial<Record<Lang, Record<string, string>>> = {};

/** Adds a block's own strings to `lang` (keys of the main tables win; a later table overrides an earlier one). */
export function addMessages(lang: Lang, table: Readonly<Record<string, string>>): void {
  const l = toLang(lang) ?? 'en';
  extra[l] = { ...extra[l], ...table };
}
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
  const own = extra[l];
  const lookup = (k: string): string | undefined => table[k] ?? own?.[k];
  let text: string | undefined;
  const n = vars?.n;
  if (typeof n === 'number' && new Intl.PluralRules(l).select(n) === 'one') text = lookup(`${key}.one`);
  text ??= lookup(key);
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

/** 2636 → "2,636" (en), "2 636" (sv), "2.636" (de). */
export function formatNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(toLang(lang) ?? 'en', { useGrouping: true, maximumFractionDigits: 20 }).format(n);
}
