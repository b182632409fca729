/** The upload block's strings (`upload.*`): search and landing pages never download them. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/** Resolves when every string of this feature in `lang` is available to `msg`. Never rejects. */
export const loadUploadMessages = featureStrings('upload', {
  en: () => import('./strings/en.ts').then((m) => m.uploadEn),
  sv: () => import('./strings/sv.ts').then((m) => m.uploadSv),
  de: () => import('./strings/de.ts').then((m) => m.uploadDe),
});
