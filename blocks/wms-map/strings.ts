/**
 * The map blocks' strings: the page's UI strings (src/i18n) plus their own `map.*` table, a lazy chunk per
 * language registered with `addMessages`, so pages without a map never download them.
 */
import { addMessages, loadMessages, type Lang } from '../../src/i18n/index.ts';

const LOADERS: Readonly<Record<Lang, () => Promise<Readonly<Record<string, string>>>>> = {
  en: () => import('./strings/en.ts').then((m) => m.mapEn),
  sv: () => import('./strings/sv.ts').then((m) => m.mapSv),
  de: () => import('./strings/de.ts').then((m) => m.mapDe),
};
const loading = new Map<Lang, Promise<void>>();

/** Resolves when every string the map blocks show in `lang` is available to `msg`. Never rejects. */
export function loadMapMessages(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = Promise.all([
      loadMessages(lang),
      LOADERS[lang]().then((table) => addMessages(lang, table)),
    ]).then(() => undefined, (e: unknown) => {
      loading.delete(lang);
      console.warn(`catalog-blocks: the ${lang} map strings could not be loaded`, e);
    });
    loading.set(lang, p);
  }
  return p;
}
