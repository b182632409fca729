/**
 * Global keys of EntryScape Blocks configuration that this library does not implement (the README migration table):
 * a page that sets one gets ONE console warning naming it, never silence. Checked by the legacy layer on start and on
 * `init()`, so a migrated page hears about them; keys it implements (`jsonp`: src/store/transport.ts; `collections`:
 * src/search/collections.ts; `query`: src/search/query.ts; `entrystore_base`: src/config/page-config.ts) or that need
 * nothing (`forcePublicRequests`: every request is public anyway) are not listed. `bundles` (and `itemstore.bundles`)
 * are recognised and named: the RDForms templates the presenter shows are built in, a page's own bundles are not loaded.
 */
import type { GlobalConfig } from '../config/params.ts';
import { resetWarnings, warnOnce } from '../config/warn.ts';

const UNSUPPORTED: Readonly<Record<string, string>> = {
  named: 'label overrides; labels come from the metadata and the bundled vocabularies',
  facetMinCount: 'facet values are shown from a count of 1',
  credentials: 'requests are anonymous (public entries only)',
  style: 'inject CSS with your own stylesheet (a strict CSP forbids injected styles)',
  bundles: 'RDForms template bundles are not loaded; the DCAT-AP templates are built in',
  itemstore: 'RDForms template bundles are not loaded; the DCAT-AP templates are built in',
  entitytypes: 'RDForms entity types',
  type2template: 'RDForms templates',
  macros: 'template macros',
};

/** One warning per unsupported key the page configuration sets (per page). */
export function warnUnsupportedKeys(page: GlobalConfig): void {
  for (const key of Object.keys(page)) {
    if (Object.hasOwn(UNSUPPORTED, key)) warnOnce(`[catalog-blocks] the configuration key "${key}" is not supported (${UNSUPPORTED[key]}); it is ignored`);
  }
}

/** Tests only: forget which warnings were given (every warning of src/config/warn.ts). */
export const resetConfigKeyWarnings = resetWarnings;
