/**
 * The legacy layer started at once, with the readiness signal (the classic script and the npm entry; the CDN loader
 * does the same lazily, src/cdn.ts).
 */
import { legacyApi, startLegacy } from './index.ts';
import { provideApi } from './ready.ts';

if (typeof document !== 'undefined') {
  const api = legacyApi(document);
  provideApi(window, api);
  startLegacy(document, api);
}
