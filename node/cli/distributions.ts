/**
 * `catalog-blocks distributions <dataset>`: the resource URIs an upload needs, read from the store's public read API.
 * `upload add` takes a distribution's resource URI, `upload replace` a file's; neither is shown on a landing page,
 * so this lists a dataset's distributions and the uploaded files of each (a distribution's `dcat:downloadURL`s that
 * are file entries of the store, entrystore-api.md §3.2 for the file's name, size and type).
 */
import { NS } from '../../src/rdf/namespaces.ts';
import type { Graph, Term } from '../../src/rdf/graph.ts';
import { pickLiteral } from '../../src/rdf/literal.ts';
import { formatBytes } from '../../src/i18n/format.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import type { FetchLike } from '../../src/store/http.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { UsageError } from './errors.ts';

export const STORE_ENV = 'CATALOG_STORE_URL';

export interface FileListing {
  /** Resource URI: what `upload replace` takes. */
  readonly uri: string;
  readonly name?: string;
  readonly size?: number;
  readonly format?: string;
}

export interface DistributionListing {
  /** Resource URI: what `upload add` takes. */
  readonly uri: string;
  readonly title?: string;
  readonly format?: string;
  /** False when the dataset names a distribution the store has no entry for (nothing can be uploaded to it). */
  readonly inStore: boolean;
  /** The files uploaded to it (file entries of this store). */
  readonly files: readonly FileListing[];
  /** Its other download URLs (outside the store: not replaceable through the API). */
  readonly otherDownloads: readonly string[];
  /** For a connected API distribution: the distribution it is built from (`dcterms:source`), where files go. */
  readonly apiSource?: string;
}

export interface Listing {
  readonly storeUrl: string;
  /** Absent when the URI given was a distribution's. */
  readonly dataset?: { readonly uri: string; readonly title?: string };
  readonly distributions: readonly DistributionListing[];
}

const DISTRIBUTION = `${NS.dcat}Distribution`;

/** An entry URL `{store}{ctx}/entry/{id}` (the address of a landing page's "entry" link): store, context and id. */
export function parseEntryUrl(url: string): { storeUrl: string; contextId: string; entryId: string } | undefined {
  const m = /^(https?:\/\/.+\/)([^/?#]+)\/entry\/([^/?#]+)(?:[?#].*)?$/i.exec(url);
  return m ? { storeUrl: m[1]!, contextId: decodeURIComponent(m[2]!), entryId: decodeURIComponent(m[3]!) } : undefined;
}

/**
 * The store to read: `--store-url`, else CATALOG_STORE_URL, else the store of an entry URL, else `{origin}/store/`
 * beside an API URL ending in `/api` (the dev store's layout and a common installation's; say so on a miss).
 */
export function storeUrlFrom(flag: string | undefined, env: Readonly<Record<string, string | undefined>>, target: string, apiUrl: string | undefined): string {
  const given = flag || env[STORE_ENV] || parseEntryUrl(target)?.storeUrl;
  if (given) {
    if (!/^https?:\/\//i.test(given)) throw new UsageError(`The store URL must start with http:// or https:// (got "${given}")`);
    return given.endsWith('/') ? given : `${given}/`;
  }
  if (apiUrl && /^https?:\/\/[^?#]+\/api\/?$/i.test(apiUrl)) return new URL('store/', apiUrl.replace(/\/api\/?$/i, '/')).href;
  throw new UsageError(`Which store? Pass --store-url <url> or set ${STORE_ENV} (e.g. https://catalog.example.org/store/), or give an entry URL ({store}{context}/entry/{id})`);
}

/** The literal the engine would show in `lang` (pickLiteral's language preference). */
const pick = (terms: readonly Term[], lang: string): string | undefined =>
  pickLiteral(terms.filter((t) => t.termType === 'Literal'), lang)?.value;

const uris = (g: Graph, subject: string, predicate: string): string[] =>
  g.objects(subject, predicate).filter((t) => t.termType === 'NamedNode').map((t) => t.value);

function fileOf(entry: StoreEntry): FileListing {
  const { info, resourceUri } = entry;
  const size = Number(info.object(resourceUri, `${NS.dcterms}extent`)?.value);
  const name = info.object(resourceUri, `${NS.rdfs}label`)?.value;
  const format = info.object(resourceUri, `${NS.dcterms}format`)?.value;
  return { uri: resourceUri, ...(name ? { name } : {}), ...(Number.isFinite(size) ? { size } : {}), ...(format ? { format } : {}) };
}

/** A file entry: a Local entry whose resource has a file name or size in the info graph. */
function isFile(entry: StoreEntry): boolean {
  return entry.info.has(entry.resourceUri, `${NS.rdfs}label`) || entry.info.has(entry.resourceUri, `${NS.dcterms}extent`);
}

async function describeDistribution(store: EntryStoreClient, uri: string, entry: StoreEntry | undefined, lang: string): Promise<DistributionListing> {
  if (!entry) return { uri, inStore: false, files: [], otherDownloads: [] };
  const md = entry.metadata;
  const downloads = [...new Set(uris(md, uri, `${NS.dcat}downloadURL`))];
  const inside = downloads.filter((u) => u.startsWith(store.baseUrl));
  const found = inside.length ? await store.getEntriesByResourceUris(inside) : new Map<string, StoreEntry>();
  const files = inside.map((u) => found.get(u)).filter((e): e is StoreEntry => e !== undefined && isFile(e)).map(fileOf);
  const fileUris = new Set(files.map((f) => f.uri));
  const title = pick(md.objects(uri, `${NS.dcterms}title`), lang);
  const format = pick(md.objects(uri, `${NS.dcterms}format`), lang) ?? md.object(uri, `${NS.dcterms}format`)?.value;
  // entrystore-api.md §6.3: an API distribution has dcterms:source and an accessURL or type esterms:ServiceDistribution
  const source = uris(md, uri, `${NS.dcterms}source`)[0];
  const isApi = source !== undefined && (md.has(uri, `${NS.dcat}accessURL`) || md.has(uri, `${NS.rdf}type`, `${NS.esterms}ServiceDistribution`));
  return {
    uri,
    ...(title ? { title } : {}),
    ...(format ? { format } : {}),
    inStore: true,
    files,
    otherDownloads: downloads.filter((u) => !fileUris.has(u)),
    ...(isApi ? { apiSource: source } : {}),
  };
}

/**
 * The distributions of a dataset (or series), or the one distribution named. `target` is a resource URI or an
 * entry URL; NotFoundError (from the store client) when the store has no public entry for it.
 */
export async function listDistributions(target: string, storeUrl: string, opts: { lang?: string; fetch?: FetchLike } = {}): Promise<Listing> {
  const lang = opts.lang ?? 'en';
  const store = new EntryStoreClient(storeUrl, opts.fetch ? { fetch: opts.fetch } : {});
  const ref = parseEntryUrl(target);
  const entry = ref && ref.storeUrl === store.baseUrl ? await store.getEntry(ref) : await store.getEntryByResourceUri(target);
  const self = entry.resourceUri;
  const md = entry.metadata;
  if (md.has(self, `${NS.rdf}type`, DISTRIBUTION)) {
    return { storeUrl: store.baseUrl, distributions: [await describeDistribution(store, self, entry, lang)] };
  }
  const distUris = [...new Set(uris(md, self, `${NS.dcat}distribution`))];
  const entries = distUris.length ? await store.getEntriesByResourceUris(distUris) : new Map<string, StoreEntry>();
  const distributions = await Promise.all(distUris.map((u) => describeDistribution(store, u, entries.get(u), lang)));
  const title = pick(md.objects(self, `${NS.dcterms}title`), lang);
  return { storeUrl: store.baseUrl, dataset: { uri: self, ...(title ? { title } : {}) }, distributions };
}

/** The listing for a person: each distribution with the URI to paste into `upload add`, each file for `upload replace`. */
export function formatListing(listing: Listing): string {
  const lines: string[] = [];
  if (listing.dataset) {
    lines.push(`Dataset: ${listing.dataset.title ?? '(no title)'}`, `  ${listing.dataset.uri}`);
    if (listing.distributions.length === 0) lines.push('  (no distributions)');
  }
  for (const d of listing.distributions) {
    lines.push('', `Distribution: ${d.title ?? '(no title)'}${d.format ? ` (${d.format})` : ''}`);
    if (!d.inStore) {
      lines.push(`  ${d.uri}`, '  not an entry of this store: nothing can be uploaded to it here');
      continue;
    }
    if (d.apiSource) {
      lines.push(`  ${d.uri}`, `  a connected API: its rows come from the files of ${d.apiSource} (add or replace those)`);
      continue;
    }
    lines.push(`  add a file:      catalog-blocks upload add ${d.uri} <file>`);
    if (d.files.length === 0) lines.push('  uploaded files:  none');
    for (const f of d.files) {
      const about = [f.name, f.size === undefined ? undefined : formatBytes(f.size, 'en'), f.format].filter(Boolean).join(', ');
      lines.push(`  replace a file:  catalog-blocks upload replace ${f.uri} <file>${about ? `   (${about})` : ''}`);
    }
    for (const u of d.otherDownloads) lines.push(`  download URL:    ${u}   (outside the store: not replaceable here)`);
  }
  return lines.join('\n').replace(/^\n/, '');
}
