/** The entry parts' own strings (`ev.*`), a lazy chunk per language. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

export const loadEntryViewMessages = featureStrings('entry-view', {
  en: () => import('./strings/en.ts').then((m) => m.entryViewEn),
  sv: () => import('./strings/sv.ts').then((m) => m.entryViewSv),
  de: () => import('./strings/de.ts').then((m) => m.entryViewDe),
});
