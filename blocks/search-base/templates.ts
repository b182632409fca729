/**
 * Row, list and result templates (issue 10) as the search chunk sees them: only whether a block has one. Rendering
 * them is the interpreter chunk's work (src/legacy/template/lists.ts), loaded only then; until it arrives a block
 * renders as it would without templates.
 */
import { blockDefaults } from '../../src/config/block-overrides-loader.ts';
import { squash } from '../../src/config/resolve.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import type { TemplateHost } from '../../src/legacy/template/lists.ts';

export type TemplateModule = typeof import('../../src/legacy/template/index.ts');

/** The template parameters of a result list and of a results block, as attribute selectors (lower-case and kebab). */
export const LIST_TEMPLATES = '[rowhead],[rowexpand],[listhead],[listbody],[listplaceholder],[listempty]';
export const RESULTS_TEMPLATES = '[templatenofilter],[templatefilter],[templatefilternoresults],[template-no-filter],[template-filter],[template-filter-no-results]';

let loading: Promise<TemplateModule> | undefined;
let loaded: TemplateModule | undefined;

/**
 * The interpreter when `host` has one of the templates `keys` (its attribute, a layout's around it, or the defaults of
 * the page's `blocks` definitions of `name`) and the chunk is loaded; starts the download (then renders again) when
 * it is not. Undefined: no template, or not loaded yet.
 */
export function templates(host: TemplateHost, keys: string, name: string): TemplateModule | undefined {
  if (!host.closest(keys) && !Object.keys(blockDefaults(host.pageConfig, name)?.defaults ?? {}).some((k) => keys.includes(`[${squash(k)}]`))) {
    return undefined;
  }
  if (!loaded) {
    // one download per page; a failed download is tried again on the next render
    // with every UI string: a template's `nls` helper may name any key, landing ones included
    loading ??= Promise.all([import('../../src/legacy/template/index.ts'), loadMessages(host.uiLang)]).then(([m]) => (loaded = m));
    loading.then(() => host.requestUpdate(), (e: unknown) => {
      loading = undefined;
      console.warn('[catalog-blocks] the template interpreter could not be loaded', e);
    });
  }
  return loaded;
}
