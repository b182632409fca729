/**
 * Where the current entry links to (the `link` / `namedclick` helpers and the `link` block): the page's `clicks`
 * route named by `namedclick` (else the block's own `namedclick`, else by the entry's kind), or the `click` target
 * itself; `landingHref` fills in the entry and keeps only http(s), mailto and relative targets.
 */
import { landingHref, type Route } from '../../config/links.ts';
import { NS } from '../../rdf/namespaces.ts';
import type { TemplateContext } from './context.ts';

export function entryHref(ctx: TemplateContext, namedclick?: unknown, click?: unknown): string {
  const e = ctx.entry;
  if (!e) return '';
  const named = namedclick ?? ctx.params.namedclick ?? ctx.params.namedClick;
  const route = (typeof named === 'string' && named ? named : e.metadata.has(e.resourceUri, `${NS.rdf}type`, `${NS.dcat}DataService`) ? 'dataservice' : 'dataset') as Route;
  const current = new URL(ctx.host.ownerDocument?.location?.href ?? 'http://localhost/');
  return landingHref(route, { uri: e.resourceUri, entryId: e.entryId, contextId: e.contextId }, ctx.page, current, typeof click === 'string' && click ? click : undefined);
}
