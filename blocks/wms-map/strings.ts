/** The map blocks' strings (`map.*`): pages without a map never download them. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/** Resolves when every string of this feature in `lang` is available to `msg`. Never rejects. */
export const loadMapMessages = featureStrings('map', {
  en: () => import('./strings/en.ts').then((m) => m.mapEn),
  sv: () => import('./strings/sv.ts').then((m) => m.mapSv),
  de: () => import('./strings/de.ts').then((m) => m.mapDe),
});
