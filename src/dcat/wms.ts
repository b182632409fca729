/**
 * Automatic WMS maps (behaviour §6.4): which distributions are WMS services, the GetCapabilities URL of each, and
 * one map per distinct capabilities URL. Pure functions, no DOM: the landing page calls `wmsMapsOf` with its
 * distribution nodes and hands each result to `<catalog-wms-map>` (blocks/wms-map/), which is a lazy chunk.
 */
import { NS } from '../rdf/namespaces.ts';
import { formatRaw } from './entry.ts';
import { isWmsDistribution, isWmsUrl, OGC_WMS, type WmsEvidence } from './format-tests.ts';
import type { DistributionModel } from './model.ts';
import type { Node, Reader } from './read.ts';
import { safeHref } from './safe.ts';

export { isWmsDistribution, isWmsUrl, OGC_WMS, type WmsEvidence };

const { dcterms, dcat } = NS;

/** What one distribution says about a WMS: the §6.4 evidence and the URLs a map could be drawn from. */
export interface WmsDistributionInput extends WmsEvidence {
  /** The distribution's URI (or `_:label`), to tell which distributions a map stands for. */
  readonly uri?: string;
  /** `dcat:accessURL` values of the distribution, as written. */
  readonly accessUrls?: readonly string[];
  /** `dcat:endpointURL` values of its `dcat:accessService`, as written. */
  readonly endpointUrls?: readonly string[];
}

/** One map to show: a capabilities document and the distributions that point at it. */
export interface WmsMapSource {
  /** GetCapabilities URL (http or https), the key that makes maps distinct. */
  readonly capabilitiesUrl: string;
  /** The service URL the capabilities URL was built from (the failure state links to it). */
  readonly serviceUrl: string;
  /** URIs of the distributions of this service, in document order. */
  readonly distributions: readonly string[];
}

export interface CapabilitiesUrlOptions {
  /** Rewrite `http:` to `https:` (global `forceHttps`). */
  readonly forceHttps?: boolean;
  /** Proxy template with `${url}` (as is), `${encoded}` (encodeURIComponent) and `${md5}` (when `md5` is given). */
  readonly proxy?: string;
  /** MD5 hex of a URL, needed only for a proxy template using `${md5}` (kept out of this module's weight). */
  readonly md5?: (url: string) => string;
}

/**
 * The GetCapabilities URL of a service URL: `request=GetCapabilities` when no `getcapabilities` is in it,
 * `service=WMS` when no `service=` parameter is; joined with `?` or `&` as the URL needs. Only http(s) URLs
 * (after `forceHttps`) are accepted; anything else → undefined.
 */
export function capabilitiesUrl(serviceUrl: string, options: CapabilitiesUrlOptions = {}): string | undefined {
  let url = serviceUrl.trim();
  if (options.forceHttps) url = url.replace(/^http:/i, 'https:');
  const safe = safeHref(url);
  if (!safe || !/^https?:/i.test(safe)) return undefined;
  // Work on the string as written (minus the fragment) so parameters keep their spelling and order.
  url = url.replace(/#.*$/, '');
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const names = query.split('&').map((p) => safeDecode(p.split('=')[0] ?? '').toLowerCase());
  const add: string[] = [];
  if (!/getcapabilities/i.test(url)) add.push('request=GetCapabilities');
  if (!names.includes('service')) add.push('service=WMS');
  if (add.length > 0) {
    const joiner = !url.includes('?') ? '?' : url.endsWith('?') || url.endsWith('&') ? '' : '&';
    url = `${url}${joiner}${add.join('&')}`;
  }
  if (options.proxy) {
    const proxied = options.proxy
      .replace(/\$\{url\}/g, url)
      .replace(/\$\{encoded\}/g, encodeURIComponent(url))
      .replace(/\$\{md5\}/g, options.md5 ? options.md5(url) : '');
    return safeHref(proxied) && /^https?:/i.test(proxied.trim()) ? proxied.trim() : undefined;
  }
  return safeHref(url) ? url : undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The service URL of a WMS distribution: a URL that itself looks like a WMS (access URLs first, then endpoint
 * URLs), else the access service's endpoint URL, else the access URL. Only http(s) URLs count.
 */
export function wmsServiceUrl(d: WmsDistributionInput): string | undefined {
  const http = (u: string): boolean => /^https?:/i.test(u.trim()) && safeHref(u) !== undefined;
  const access = (d.accessUrls ?? []).filter(http);
  const endpoints = (d.endpointUrls ?? []).filter(http);
  return [...access, ...endpoints].find(isWmsUrl) ?? endpoints[0] ?? access[0];
}

/** Is this distribution a WMS by §6.4 (formats, conformsTo of it or its service, URL patterns)? */
export function isWms(d: WmsDistributionInput): boolean {
  return isWmsDistribution({
    formats: d.formats ?? [],
    conformsTo: d.conformsTo ?? [],
    urls: [...(d.urls ?? []), ...(d.accessUrls ?? []), ...(d.endpointUrls ?? [])],
  });
}

/** The maps to show for a dataset's distributions: one per distinct capabilities URL, in document order. */
export function wmsMaps(distributions: readonly WmsDistributionInput[], options: CapabilitiesUrlOptions = {}): WmsMapSource[] {
  const byUrl = new Map<string, { serviceUrl: string; distributions: string[] }>();
  for (const d of distributions) {
    if (!isWms(d)) continue;
    const serviceUrl = wmsServiceUrl(d);
    if (!serviceUrl) continue;
    const url = capabilitiesUrl(serviceUrl, options);
    if (!url) continue;
    const key = canonicalKey(url);
    let map = byUrl.get(key);
    if (!map) byUrl.set(key, (map = { serviceUrl: serviceUrl.trim(), distributions: [] }));
    if (d.uri && !map.distributions.includes(d.uri)) map.distributions.push(d.uri);
  }
  return [...byUrl].map(([key, m]) => ({ capabilitiesUrl: key, serviceUrl: m.serviceUrl, distributions: m.distributions }));
}

/** Two spellings of one URL (`HTTP://Host/…`, default port) count once. */
function canonicalKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/** Reads what §6.4 needs from one distribution node of the landing page's graph (and its access service). */
export function wmsInputOf(r: Reader, n: Node): WmsDistributionInput {
  const values = (node: Node, p: string): string[] => r.objects(node, p).map((t) => t.value.trim()).filter(Boolean);
  const formats = r.objectsOf(n, [`${dcterms}format`, `${dcat}mediaType`])
    .map((t) => formatRaw(r, t, n.graph))
    .filter((v): v is string => !!v);
  const serviceTerm = r.objects(n, `${dcat}accessService`)[0];
  const service = serviceTerm ? r.node(serviceTerm, n.graph) : undefined;
  return {
    uri: n.term.termType === 'BlankNode' ? `_:${n.term.value}` : n.term.value,
    formats,
    conformsTo: [...values(n, `${dcterms}conformsTo`), ...(service ? values(service, `${dcterms}conformsTo`) : [])],
    accessUrls: values(n, `${dcat}accessURL`),
    endpointUrls: service ? values(service, `${dcat}endpointURL`) : [],
  };
}

/** `wmsInputOf` for each distribution node, then `wmsMaps`. */
export function wmsMapsOf(r: Reader, distributions: readonly Node[], options: CapabilitiesUrlOptions = {}): WmsMapSource[] {
  return wmsMaps(distributions.map((n) => wmsInputOf(r, n)), options);
}

/**
 * From the landing page's view model alone: distributions already marked `isWms` (the same §6.4 rules), with their
 * access URL (else first download URL) as the service URL. The model does not carry the access service's endpoint
 * URL, so a WMS known only through `dcat:accessService` is drawn from its access URL here: prefer `wmsMapsOf` where
 * the graph is at hand.
 */
export function wmsMapsFromModels(distributions: readonly DistributionModel[], options: CapabilitiesUrlOptions = {}): WmsMapSource[] {
  return wmsMaps(distributions.filter((d) => d.isWms).map((d) => ({
    uri: d.uri,
    formats: ['WMS'], // already judged a WMS by the model
    accessUrls: [d.accessUrl ?? d.files[0]?.href].filter((u): u is string => !!u),
  })), options);
}
