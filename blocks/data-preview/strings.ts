/** The data preview's strings (`preview.*`): pages without a preview never download them. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/** Resolves when every string of this feature in `lang` is available to `msg`. Never rejects. */
export const loadPreviewMessages = featureStrings('preview', {
  en: () => import('./strings/en.ts').then((m) => m.previewEn),
  sv: () => import('./strings/sv.ts').then((m) => m.previewSv),
  de: () => import('./strings/de.ts').then((m) => m.previewDe),
});
