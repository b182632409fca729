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

  if (configured && /\$\{(entry|context|uri)\}/.test(configured)) {
    return configured
      .replaceAll('${entry}', encodeURIComponent(target.entryId ?? ''))
      .replaceAll('${context}', encodeURIComponent(target.contextId ?? ''))
      .replaceAll('${uri}', encodeURIComponent(target.uri));
  }

  if (configured) {
    const url = new URL(configured, current);
    url.searchParams.delete(`${prefix}page`);
    if (page.urlQueryParameters === true || page.urlQueryParameters === 'true') {
      for (const [k, v] of keys) url.searchParams.set(k, v);
      return url.origin === current.origin ? `${url.pathname}${url.search}` : url.href;
    }
    url.hash = new URLSearchParams(keys).toString();
    return url.origin === current.origin && !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(configured) ? `${url.pathname}${url.search}${url.hash}` : url.href;
  }

  const url = new URL(current.href);
  for (const k of [...url.searchParams.keys()]) if (k.startsWith(prefix)) url.searchParams.delete(k);
  for (const [k, v] of keys) url.searchParams.set(k, v);
  url.hash = '';
  return `${url.pathname}${url.search}`;
}
