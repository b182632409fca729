/**
 * The upload block's strings: the page's UI strings (src/i18n) plus its own `upload.*` table, a lazy chunk per
 * language registered with `addMessages`, so search and landing pages never download upload strings.
 */
import { addMessages, loadMessages, type Lang } from '../../src/i18n/index.ts';

const LOADERS: Readonly<Record<Lang, () => Promise<Readonly<Record<string, string>>>>> = {
  en: () => import('./strings/en.ts').then((m) => m.uploadEn),
  sv: () => import('./strings/sv.ts').then((m) => m.uploadSv),
  de: () => import('./strings/de.ts').then((m) => m.uploadDe),
};
const loading = new Map<Lang, Promise<void>>();

/** Resolves when every string the upload block shows in `lang` is available to `msg`. Never rejects. */
export function loadUploadMessages(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = Promise.all([
      loadMessages(lang),
      LOADERS[lang]().then((table) => addMessages(lang, table)),
    ]).then(() => undefined, (e: unknown) => {
      loading.delete(lang);
      console.warn(`catalog-blocks: the ${lang} upload strings could not be loaded`, e);
    });
    loading.set(lang, p);
  }
  return p;
}
