/**
 * Template parameters of a block (issue 10): read on every block that takes one, WITHOUT the interpreter (which is
 * the lazy chunk `loadTemplates` fetches only when a parameter is present). A parameter comes from the element's
 * attribute (lower-case, as the legacy mount writes it: `rowhead`, `templatefilter`; or kebab-case: `row-head`), else
 * from an enclosing element (a layout) that has that attribute, else from the defaults of the page's `blocks`
 * definitions for the block (`blocks: [{ block: 'datasetList', rowhead: … }]`).
 */
import { blockDefaults } from '../../config/block-overrides.ts';
import type { GlobalConfig } from '../../config/params.ts';

export type TemplateModule = typeof import('./index.ts');

const squash = (s: string): string => s.toLowerCase().replace(/[-_]/g, '');
const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The template given for `key` (camelCase name: `rowhead`, `templateFilter`, `htemplate`), or undefined. */
export function templateParam(el: Element, key: string, page: GlobalConfig, blockName: string): string | undefined {
  const attr = el.getAttribute(key.toLowerCase()) ?? el.getAttribute(kebab(key));
  if (attr !== null) return attr;
  // A layout renders its own list and results: a template given to the layout (`rowhead` on
  // `<dataset-facet-search-layout>`, as the legacy mount writes it) applies to the parts inside it.
  const outer = el.parentElement?.closest(`[${key.toLowerCase()}]`);
  if (outer) return outer.getAttribute(key.toLowerCase())!;
  const defaults = blockDefaults(page, blockName)?.defaults ?? {};
  const want = squash(key);
  for (const [k, v] of Object.entries(defaults)) if (squash(k) === want && typeof v === 'string') return v;
  return undefined;
}

let loading: Promise<TemplateModule> | undefined;
let loaded: TemplateModule | undefined;

/** The interpreter chunk (one download per page; a failed download is tried again on the next call). */
export function loadTemplates(): Promise<TemplateModule> {
  loading ??= import('./index.ts').then((m) => (loaded = m));
  loading.catch(() => (loading = undefined));
  return loading;
}

/** The interpreter when already loaded (renders can use it synchronously). */
export function templatesLoaded(): TemplateModule | undefined {
  return loaded;
}
