/**
 * A feature's own UI strings (upload, data preview, maps): the page's landing strings (src/i18n) plus the feature's
 * table, a lazy chunk per language registered with `addMessages`, so pages without the feature never download them.
 * The one way a feature adds strings; each feature's `strings.ts` only names its chunks. A feature never needs the
 * search part: a word it shares with search blocks goes in its own table too.
 */
import { addMessages, loadLandingMessages, type Lang } from './index.ts';

export type StringTables = Readonly<Record<Lang, () => Promise<Readonly<Record<string, string>>>>>;

/** A loader that resolves when every string of `feature` in `lang` is available to `msg`. It never rejects. */
export function featureStrings(feature: string, tables: StringTables): (lang: Lang) => Promise<void> {
  const loading = new Map<Lang, Promise<void>>();
  return (lang) => {
    let p = loading.get(lang);
    if (!p) {
      p = Promise.all([loadLandingMessages(lang), tables[lang]().then((table) => addMessages(lang, table))]).then(
        () => undefined,
        (e: unknown) => {
          loading.delete(lang);
          console.warn(`catalog-blocks: the ${lang} ${feature} strings could not be loaded`, e);
        },
      );
      loading.set(lang, p);
    }
    return p;
  };
}
