/** The RDForms template labels (`rf.*`): pages without templates never download them. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../i18n/feature-strings.ts';

/** Resolves when every template label in `lang` is available to `msg`. Never rejects. */
export const loadRdformsMessages = featureStrings('rdforms', {
  en: () => import('./strings/en.ts').then((m) => m.rdformsEn),
  sv: () => import('./strings/sv.ts').then((m) => m.rdformsSv),
  de: () => import('./strings/de.ts').then((m) => m.rdformsDe),
});
