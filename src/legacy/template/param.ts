/**
 * Template parameters of a block (issue 10), read in the interpreter chunk (the search chunk only checks whether one is
 * present: blocks/search-base/templates.ts). A parameter comes from the element's
 * attribute (lower-case, as the legacy mount writes it: `rowhead`, `templatefilter`; or kebab-case: `row-head`), else
 * from an enclosing element (a layout) that has that attribute, else from the defaults of the page's `blocks`
 * definitions for the block (`blocks: [{ block: 'datasetList', rowhead: … }]`).
 */
import { blockDefaults } from '../../config/block-overrides.ts';
import type { GlobalConfig } from '../../config/params.ts';

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
