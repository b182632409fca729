/**
 * UI strings and value formatting in the three supported languages. Messages are plain objects in two parts per
 * language, each its own chunk: landing/{en,sv,de}.ts (the landing renderings: fields, distributions, values,
 * indicators) and search/{en,sv,de}.ts (search blocks, exports, features). Both bring the shared part
 * shared/{en,sv,de}.ts (what every page shows before a result row is opened: the theme and access-right labels,
 * untitled titles, the row expand button; a chunk of its own in the CDN build). A landing page downloads its language's landing part
 * (`loadLandingMessages`), a search page the search part (`loadSearchMessages`; the landing part loads when a row is
 * first opened); `loadMessages` loads both. The loading and error-state strings of every language (core.ts) are
 * always at hand. `msg` looks a key up, picks the `.one` variant for a count of one and fills `{name}` placeholders.
 */
import type { MessageKey, Messages } from './en.ts';
import { deCore, enCore, svCore } from './core.ts';
import { addVocabulary, baseLang, LANGS, themesWith } from '../dcat/vocab.ts';
import { warnOnce } from '../config/warn.ts';

export type Lang = 'sv' | 'en' | 'de';
export { LANGS };
export type { MessageKey, Messages };

type Table = Readonly<Record<string, string>>;
type Part = 'landing' | 'search';
const CORE: Readonly<Record<Lang, Table>> = { en: enCore, sv: svCore, de: deCore };
type Labels = Parameters<typeof addVocabulary>[0];
/**
 * Each part's strings and, as every part brings the shared part, the theme
 * and access-right labels (its default export).
 */
const LOADERS: Readonly<Record<`${Lang}/${Part}`, () => Promise<{ readonly strings: Table; readonly default: Labels }>>> = {
  'en/landing': () => import('./landing/en.ts'),
  'en/search': () => import('./search/en.ts'),
  'sv/landing': () => import('./landing/sv.ts'),
  'sv/search': () => import('./search/sv.ts'),
  'de/landing': () => import('./landing/de.ts'),
  'de/search': () => import('./search/de.ts'),
};
/**
 * The shared part both parts import: asked for beside the part, so its file arrives with the part's instead of one round
 * trip after it (issue 27 point 2). The part's own import of it then finds it loaded.
 */
const SHARED: Readonly<Record<Lang, () => Promise<unknown>>> = {
  en: () => import('./shared/en.ts'),
  sv: () => import('./shared/sv.ts'),
  de: () => import('./shared/de.ts'),
};
/** The parts loaded so far, merged, per language. */
const loaded: Partial<Record<Lang, Table>> = {};
/**
 * Languages with every part loaded, however they were asked for (`loadMessages`, or the landing and the search part
 * each on its own): only then is a missing key a missing translation.
 */
const complete = new Set<Lang>();
/** Tables a block brings along for itself (the upload block's `upload.*`), merged per language. */
const extra: Partial<Record<Lang, Record<string, string>>> = {};

/** Adds a block's own strings to `lang` (keys of the main tables win; a later table overrides an earlier one). */
export function addMessages(lang: Lang, table: Readonly<Record<string, string>>): void {
  const l = toLang(lang) ?? 'en';
  extra[l] = { ...extra[l], ...table };
}
const loading = new Map<string, Promise<void>>();

function loadPart(l: Lang, part: Part): Promise<void> {
  const key = `${l}/${part}` as const;
  let p = loading.get(key);
  if (!p) {
    SHARED[l]().catch(() => {}); // (a failure shows in the part's own import)
    p = LOADERS[key]().then(
      (m) => {
        addVocabulary(m.default, l);
        // Each part loads at most once (a loaded one stays in `loading`): finding the other one here completes `l`.
        if (loaded[l]) complete.add(l);
        loaded[l] = { ...(loaded[l] ?? CORE[l]), ...m.strings };
      },
      (e: unknown) => {
        loading.delete(key);
        console.warn(`catalog-blocks: the ${l} UI strings could not be loaded`, e);
      },
    );
    loading.set(key, p);
    themesWith(l, p, part);
  }
  return p;
}

/**
 * Makes every UI string of `lang` available to `msg`. Never rejects: if a chunk cannot load, the core strings still
 * work and other keys show as themselves (visible, never a crash).
 */
export function loadMessages(lang: Lang): Promise<void> {
  return Promise.all([loadLandingMessages(lang), loadSearchMessages(lang)]).then(() => {});
}

/**
 * The UI strings of the search blocks in `lang`, with what their rows and facets show before a row is opened (the
 * shared part). Opening a row loads the landing part (`loadLandingMessages`) before it renders. Blocks await it
 * together with their data, so it costs no extra round trip in practice. Never rejects.
 */
export function loadSearchMessages(lang: Lang): Promise<void> {
  return loadPart(toLang(lang) ?? 'en', 'search');
}

/** The UI strings of a landing rendering (`<dataset-view>`, `<dataservice-view>`, an opened result row) in `lang`; never rejects. */
export function loadLandingMessages(lang: Lang): Promise<void> {
  return loadPart(toLang(lang) ?? 'en', 'landing');
}

/** Loads all three languages (tests, tools). */
export async function loadAllMessages(): Promise<void> {
  await Promise.all(LANGS.map(loadMessages));
}

/** `sv-SE` → `sv`; unsupported or empty → undefined. */
export function toLang(tag?: string | null): Lang | undefined {
  const primary = baseLang(tag ?? '');
  return (LANGS as readonly string[]).includes(primary) ? (primary as Lang) : undefined;
}

/** The message table of a language (for tests and tooling); load it first with `loadMessages`. */
export function messages(lang: Lang): Messages {
  const l = toLang(lang) ?? 'en';
  const table = complete.has(l) ? loaded[l] : undefined;
  if (!table) throw new Error(`catalog-blocks: messages of ${lang} are not loaded; await loadMessages() first`);
  return table as Messages;
}

/**
 * The UI string `key` in `lang`. A numeric `n` selects `key.one` when the language's plural rule says "one" and such
 * a key exists; numbers are written with the locale's digit grouping. An unknown key returns the key itself and
 * warns once (a missing translation must be visible, never crash a block).
 */
export function msg(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  const l = toLang(lang) ?? 'en';
  const table: Table = loaded[l] ?? CORE[l];
  const own = extra[l];
  const lookup = (k: string): string | undefined => table[k] ?? own?.[k];
  let text: string | undefined;
  const n = vars?.n;
  if (typeof n === 'number' && (plurals[l] ??= new Intl.PluralRules(l)).select(n) === 'one') text = lookup(`${key}.one`);
  text ??= lookup(key);
  if (text === undefined) {
    if (!complete.has(l)) return key; // asked before loadMessages(): not a missing translation
    warnOnce(`catalog-blocks: no UI string "${key}"`);
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
  const l = toLang(lang) ?? 'en';
  return (numberFormats[l] ??= new Intl.NumberFormat(l, { useGrouping: true, maximumFractionDigits: 20 })).format(n);
}

// One formatter per language: creating an Intl object costs 25–60 µs, and a facet column formats a count per value.
const plurals: Partial<Record<Lang, Intl.PluralRules>> = {};
const numberFormats: Partial<Record<Lang, Intl.NumberFormat>> = {};
