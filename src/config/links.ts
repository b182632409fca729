/**
 * Links to landing pages of datasets and data services (behaviour doc §3.2). Global `clicks` maps names to target
 * pages: `dataset`, `dataservice` (or dataportal.se's `dataservice-link`) are the routes of the blocks' own links; a
 * block's `namedclick` parameter picks any other name, its `click` parameter gives the target itself:
 *   - a target containing `${entry}`, `${context}` or `${uri}` is filled in (values URL-encoded), nothing appended;
 *   - any other path or URL gets `#esc_entry=…&esc_context=…` (or `#esc_uri=…` when the entry ids are unknown);
 *     with global `urlQueryParameters: true` these keys go into the query string instead. An existing query of the
 *     target is kept, minus `esc_page`.
 * Without a configured route the link goes to the CURRENT page with `?esc_entry=…&esc_context=…` (or `?esc_uri=…`),
 * other query parameters kept, fragment dropped. That works out of the box on a page holding a `<dataset-view>`
 * (which also renders data services), and is documented in the README.
 */
import type { GlobalConfig } from './params.ts';

/** Prefix of the URL keys of the blocks (global `urlParamsPrefix`, alias `hashParamsPrefix`; default `esc_`). */
export function urlPrefix(page: GlobalConfig): string {
  const p = page.urlParamsPrefix ?? page.hashParamsPrefix;
  // an empty prefix would make every fragment key of the page ours
  return typeof p === 'string' && p ? p : 'esc_';
}

/** A name of the global `clicks` map: `dataset`, `dataservice` or any other (`dataservice-link`, `datasets` …). */
export type Route = 'dataset' | 'dataservice' | (string & {});

export interface LinkTarget {
  readonly uri: string;
  readonly entryId?: string;
  readonly contextId?: string;
}

/**
 * The link to `target`'s landing page through the `clicks` name `route` (`dataservice` falls back to dataportal.se's
 * `dataservice-link`), or through `click` (a block's own target).
 */
export function landingHref(route: Route, target: LinkTarget, page: GlobalConfig, current: URL, click?: string): string {
  const prefix = urlPrefix(page);
  const clicks: Record<string, unknown> = page.clicks ?? {};
  const given = click || clicks[route] || (route === 'dataservice' && clicks['dataservice-link']);
  const configured = typeof given === 'string' ? given.trim() : '';
  const keys: [string, string][] =
    target.entryId && target.contextId
      ? [[`${prefix}entry`, target.entryId], [`${prefix}context`, target.contextId]]
      : [[`${prefix}uri`, target.uri]];

  if (/\$\{(entry|context|uri)\}/.test(configured)) {
    const values: Record<string, string | undefined> = { entry: target.entryId, context: target.contextId, uri: target.uri };
    return configured.replace(/\$\{(entry|context|uri)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
  }

  // A configured target keeps its query (minus the page key); the current page loses every key of ours.
  const url = new URL(configured || current.href, current);
  if (configured) url.searchParams.delete(`${prefix}page`);
  else for (const k of [...url.searchParams.keys()]) if (k.startsWith(prefix)) url.searchParams.delete(k);
  const inQuery = !configured || page.urlQueryParameters === true || page.urlQueryParameters === 'true';
  if (inQuery) for (const [k, v] of keys) url.searchParams.set(k, v);
  else url.hash = new URLSearchParams(keys).toString();
  // Same origin: a path (with the fragment of ours), unless the target was written as an absolute URL.
  const local = url.origin === current.origin && (inQuery || !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(configured));
  return local ? `${url.pathname}${url.search}${inQuery ? '' : url.hash}` : url.href;
}
