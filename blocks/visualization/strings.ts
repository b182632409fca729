/** The visualizations' strings (`viz.*`): pages without a visualization never download them. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/** Resolves when every string of this feature in `lang` is available to `msg`. Never rejects. */
export const loadVizMessages = featureStrings('visualization', {
  en: () => import('./strings/en.ts').then((m) => m.vizEn),
  sv: () => import('./strings/sv.ts').then((m) => m.vizSv),
  de: () => import('./strings/de.ts').then((m) => m.vizDe),
});
