/**
 * The data preview's strings: the page's UI strings (src/i18n) plus its own `preview.*` table, a lazy chunk per
 * language registered with `addMessages`, so pages without a preview never download them.
 */
import { addMessages, loadMessages, type Lang } from '../../src/i18n/index.ts';

const LOADERS: Readonly<Record<Lang, () => Promise<Readonly<Record<string, string>>>>> = {
  en: () => import('./strings/en.ts').then((m) => m.previewEn),
  sv: () => import('./strings/sv.ts').then((m) => m.previewSv),
  de: () => import('./strings/de.ts').then((m) => m.previewDe),
};
const loading = new Map<Lang, Promise<void>>();

/** Resolves when every string the preview shows in `lang` is available to `msg`. Never rejects. */
export function loadPreviewMessages(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = Promise.all([
      loadMessages(lang),
      LOADERS[lang]().then((table) => addMessages(lang, table)),
    ]).then(() => undefined, (e: unknown) => {
      loading.delete(lang);
      console.warn(`catalog-blocks: the ${lang} preview strings could not be loaded`, e);
    });
    loading.set(lang, p);
  }
  return p;
}
