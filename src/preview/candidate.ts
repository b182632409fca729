/**
 * Which distributions get a data preview and from which URL (behaviour doc §6.5): a CSV format (`text/csv`, `CSV`,
 * `.csv`, `application/csv`, `text/comma-separated-values`, the EU file type CSV) or a download URL whose path ends in
 * `.csv`. The file is the first download URL, else an access URL ending in `.csv` (an access URL is often a web page).
 * Files kept by the store get a `nostats` query parameter, so that a preview is not counted as a download.
 */
import { isCsvFormat, isCsvUrl } from '../dcat/format-tests.ts';
import { safeHref } from '../dcat/safe.ts';

/** What the preview looks at: raw `dcterms:format` / `dcat:mediaType` values and the URLs in document order. */
export interface PreviewEvidence {
  readonly formats?: readonly string[];
  readonly downloadUrls?: readonly string[];
  readonly accessUrls?: readonly string[];
}

/** The same distribution as the landing page's view model has it (`DistributionModel` fits). */
export interface PreviewableDistribution {
  readonly isCsv: boolean;
  readonly files: readonly { readonly href: string }[];
  readonly accessUrl?: string;
}

/** A CSV distribution by its formats or its first download URL. */
export function isPreviewCandidate(e: PreviewEvidence): boolean {
  const download = e.downloadUrls?.[0];
  return (e.formats ?? []).some(isCsvFormat) || isCsvUrl(download) || (!download && isCsvUrl(e.accessUrls?.[0]));
}

/**
 * The URL to fetch for the preview (safe http(s) only, with `nostats` for store files), or undefined when the
 * distribution is no candidate or has no file to fetch. `storeBaseUrl` (`…/store/`) marks which URLs are the store's.
 */
export function previewSourceOf(e: PreviewEvidence, storeBaseUrl?: string): string | undefined {
  if (!isPreviewCandidate(e)) return undefined;
  const download = e.downloadUrls?.map(safeHref).find((h) => h !== undefined);
  const access = e.accessUrls?.map(safeHref).find((h) => h !== undefined && isCsvUrl(h));
  const url = download ?? access;
  return url === undefined ? undefined : withNoStats(url, storeBaseUrl);
}

/** `previewSourceOf` for a distribution of the landing page's view model (its `isCsv` already applies §6.5). */
export function previewSource(d: PreviewableDistribution, storeBaseUrl?: string): string | undefined {
  if (!d.isCsv) return undefined;
  const download = d.files[0]?.href;
  const url = download ?? (isCsvUrl(d.accessUrl) ? d.accessUrl : undefined);
  const safe = safeHref(url);
  return safe === undefined ? undefined : withNoStats(safe, storeBaseUrl);
}

const STORE_RESOURCE = /\/store\/[^/]+\/resource\/[^/]+\/?$/;

/** True for a file of an EntryStore: `…/store/<context>/resource/<id>` (under `storeBaseUrl` when it is given). */
export function isStoreResource(url: string, storeBaseUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (storeBaseUrl) {
    let base: URL;
    try {
      base = new URL(storeBaseUrl);
    } catch {
      return false;
    }
    const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
    return parsed.origin === base.origin && parsed.pathname.startsWith(prefix) &&
      /^[^/]+\/resource\/[^/]+\/?$/.test(parsed.pathname.slice(prefix.length));
  }
  return STORE_RESOURCE.test(parsed.pathname);
}

/** Adds the bare `nostats` query parameter to a store file's URL (other URLs are returned as they are). */
export function withNoStats(url: string, storeBaseUrl?: string): string {
  if (!isStoreResource(url, storeBaseUrl)) return url;
  const parsed = new URL(url);
  if (parsed.searchParams.has('nostats')) return parsed.href;
  parsed.search = parsed.search ? `${parsed.search}&nostats` : '?nostats';
  return parsed.href;
}
