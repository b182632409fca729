/** The rich content's own strings (`rich.*`), a lazy chunk per language. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

export const loadRichMessages = featureStrings('rich', {
  en: () => import('./strings/en.ts').then((m) => m.richEn),
  sv: () => import('./strings/sv.ts').then((m) => m.richSv),
  de: () => import('./strings/de.ts').then((m) => m.richDe),
});
