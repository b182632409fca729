/** The core list's strings (`corelist.*`): pages without a `list` block never download them. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../src/i18n/feature-strings.ts';

/** Resolves when every string of this feature in `lang` is available to `msg` (with the landing part). Never rejects. */
export const loadListMessages = featureStrings('list', {
  en: () => import('./strings/en.ts').then((m) => m.listEn),
  sv: () => import('./strings/sv.ts').then((m) => m.listSv),
  de: () => import('./strings/de.ts').then((m) => m.listDe),
});
