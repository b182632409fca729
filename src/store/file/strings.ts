/** The file store's own strings (`file.*`: how far a catalog file has loaded), a lazy chunk per language. See src/i18n/feature-strings.ts. */
import { featureStrings } from '../../i18n/feature-strings.ts';

export const loadFileStoreMessages = featureStrings('file store', {
  en: () => import('./strings/en.ts').then((m) => m.fileStoreEn),
  sv: () => import('./strings/sv.ts').then((m) => m.fileStoreSv),
  de: () => import('./strings/de.ts').then((m) => m.fileStoreDe),
});
