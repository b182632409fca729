/**
 * Strings of the showcases/ideas lists (`extras.*`) and of the indicator row (`indicators.*`), with the page's UI
 * strings: a small chunk per language, so pages without these parts never download them. See
 * src/i18n/feature-strings.ts. The section headings (`extras.showcases`, `extras.ideas`) and the pager's words
 * (`page.prev`, `page.next`) are here too: a landing page loads only the landing strings. The indicator names
 * (`ind.*`) are landing strings.
 */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/** Resolves when the strings of `<catalog-dataset-extras>` in `lang` are available to `msg`. Never rejects. */
export const loadExtrasStrings = featureStrings('extras', {
  en: () => import('./strings/en.ts').then((m) => m.extrasEn),
  sv: () => import('./strings/sv.ts').then((m) => m.extrasSv),
  de: () => import('./strings/de.ts').then((m) => m.extrasDe),
});

/** Resolves when the strings of `indicatorList` in `lang` are available to `msg`. Never rejects. */
export const loadIndicatorStrings = featureStrings('indicators', {
  en: () => import('./strings/en.ts').then((m) => m.indicatorsEn),
  sv: () => import('./strings/sv.ts').then((m) => m.indicatorsSv),
  de: () => import('./strings/de.ts').then((m) => m.indicatorsDe),
});
