/**
 * Strings of the showcase and idea lists (`showcase.*`, `idea.*`): a small chunk per language, so pages without these
 * lists never download them (src/i18n/feature-strings.ts).
 */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/** Resolves when the strings of the showcase and idea lists in `lang` are available to `msg`. Never rejects. */
export const loadShowcaseStrings = featureStrings('showcase', {
  en: () => import('./strings/en.ts').then((m) => m.showcaseEn),
  sv: () => import('./strings/sv.ts').then((m) => m.showcaseSv),
  de: () => import('./strings/de.ts').then((m) => m.showcaseDe),
});
