/**
 * The format tests a landing page needs (CSV preview §6.5, WMS maps §6.4), apart from formats.ts so that a search
 * page, which only shows badges, does not load them.
 */
import { formatBadge } from './formats.ts';

/**
 * A format value that marks CSV (§6.5): one whose badge reads CSV (the CSV MIME types, "CSV"/".csv", the EU file-type
 * or IANA URI), so the preview is offered exactly where the badge says CSV.
 */
export function isCsvFormat(raw: string): boolean {
  return formatBadge(raw).label === 'CSV';
}

/** A URL whose path ends in `.csv` (a download without a declared format can still be previewed). */
export function isCsvUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).pathname.toLowerCase().endsWith('.csv');
  } catch {
    return false;
  }
}

export const OGC_WMS = 'http://www.opengis.net/def/serviceType/ogc/wms';

/** What §6.4 looks at to decide whether a distribution is a WMS: its own and its access service's values. */
export interface WmsEvidence {
  /** `dcterms:format` / `dcat:mediaType` values. */
  readonly formats?: readonly string[];
  /** `dcterms:conformsTo` of the distribution and of its `dcat:accessService`. */
  readonly conformsTo?: readonly string[];
  /** Access URLs of the distribution and endpoint URLs of its access service. */
  readonly urls?: readonly string[];
}

export function isWmsDistribution(e: WmsEvidence): boolean {
  if (e.formats?.some(isWmsFormat)) return true;
  const wms = OGC_WMS.toLowerCase();
  if (e.conformsTo?.some((c) => c.trim().replace(/^https:/i, 'http:').replace(/\/+$/, '').toLowerCase() === wms)) {
    return true;
  }
  return e.urls?.some(isWmsUrl) ?? false;
}

/** "WMS", the OGC WMS MIME type, the EU file types WMS_SRVC / WMS: a format whose badge reads WMS. */
function isWmsFormat(raw: string): boolean {
  return formatBadge(raw).label === 'WMS';
}

/** `service=wms`, or `request=getcapabilities` with `wms` anywhere, or a `/wms` path segment. */
export function isWmsUrl(url: string): boolean {
  const lower = url.trim().toLowerCase();
  let parsed: URL;
  try {
    parsed = new URL(lower);
  } catch {
    return false;
  }
  if (parsed.searchParams.get('service') === 'wms') return true;
  if (parsed.searchParams.get('request') === 'getcapabilities' && lower.includes('wms')) return true;
  return parsed.pathname.split('/').includes('wms');
}
