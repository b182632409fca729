/**
 * The legacy layer started at once, with the readiness signal: the classic script and the npm entry call this on
 * import (entry/classic.ts); the CDN loader does the same lazily (entry/cdn.ts).
 */
import { legacyApi, startLegacy } from '../src/legacy/index.ts';
import { provideApi } from '../src/legacy/ready.ts';

/** Puts the SPA handle on the window, signals readiness and mounts the page's legacy nodes (once per page). */
export function startLegacyPage(): void {
  if (typeof document === 'undefined') return;
  const api = legacyApi(document);
  provideApi(window, api);
  startLegacy(document, api);
}
