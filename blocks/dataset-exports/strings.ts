/** The export block's strings (`export.*`): pages without `<dataset-exports>` never download them. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/**
 * Resolves when every string of this feature in `lang` is available to `msg`, with the landing part (the CSV headers
 * are field labels). Never rejects.
 */
export const loadExportMessages = featureStrings('exports', {
  en: () => import('./strings/en.ts').then((m) => m.exportsEn),
  sv: () => import('./strings/sv.ts').then((m) => m.exportsSv),
  de: () => import('./strings/de.ts').then((m) => m.exportsDe),
});
