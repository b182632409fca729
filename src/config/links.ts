/**
 * Links to landing pages of datasets and data services (behaviour doc §3.2). Global `clicks` maps names to target
 * pages: `dataset`, `dataservice` (or dataportal.se's `dataservice-link`) are the routes of the blocks' own links; a
 * block's `namedclick` parameter picks any other name, its `click` parameter gives the target itself:
 *   - a target containing `${entry}`, `${context}` or `${uri}` is filled in (values URL-encoded), nothing appended;
 *   - any other path or URL gets `#esc_entry=…&esc_context=…` (or `#esc_uri=…` when the entry ids are unknown, or
 *     the page reads a catalog file, whose entry ids are only the order of its datasets);
 *     with global `urlQueryParameters: true` these keys go into the query string instead. An existing query of the
 *     target is kept, minus `esc_page`.
 * Without a configured route the link goes to the CURRENT page with `?esc_entry=…&esc_context=…` (or `?esc_uri=…`),
 * other query parameters kept, fragment dropped. That works out of the box on a page holding a `<dataset-view>`
 * (which also renders data services), and is documented in the README. It is also where a configured target that
 * is no http(s), mailto or relative link leads (`safeConfiguredHref`; issue 23), with one warning naming the key.
 */
import type { GlobalConfig } from './params.ts';
import { safeConfiguredHref } from '../dcat/safe.ts';
import { warnOnce } from './warn.ts';

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
  const clicks: Record<string, unknown> = page.clicks ?? {};
  // the configuration key the target comes from, for the warning
  const key = click ? 'click' : `clicks.${clicks[route] || route !== 'dataservice' ? route : 'dataservice-link'}`;
  const given = click || clicks[key.slice(7)];
  const configured = typeof given === 'string' ? given.trim() : '';
  // judged as written and after filling (a `${…}` template), so a hidden scheme never turns into a stray path either
  const href = configured && safeConfiguredHref(configured, current) && safeConfiguredHref(hrefTo(configured, target, page, current), current);
  if (configured && !href) warnOnce(`[catalog-blocks] ${key}: only http(s), mailto and relative links; linking to this page`, key);
  return href || hrefTo('', target, page, current);
}

/** The link to `target` through the configured target `configured`, or ('') the current page. */
function hrefTo(configured: string, target: LinkTarget, page: GlobalConfig, current: URL): string {
  const prefix = urlPrefix(page);
  // a catalog file's entry ids are its order: they change with the file, its resource URIs do not
  const keys: [string, string][] =
    target.entryId && target.contextId && !page.catalogUrl
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
