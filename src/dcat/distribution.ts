/**
 * One row of the distribution list (§5): format badges, API marker, title or fallback, files with names (§1.10),
 * access link, API description, access service, and the expanded-area metadata rows.
 */
import type { Term } from '../rdf/graph.ts';
import { descriptionOf, formatRaw } from './entry.ts';
import { NS } from '../rdf/namespaces.ts';
import { formatBytes } from '../i18n/format.ts';
import type { AccessService, DistributionModel, Field, FileItem, FormatBadge, Value } from './model.ts';
import { decodeSafe, formatBadge } from './formats.ts';
import { isCsvUrl, isWmsDistribution } from './format-tests.ts';
import { safeHref } from './safe.ts';
import { languageName } from './vocab.ts';
import { htmlText } from './text.ts';
import { TITLE_PROPERTIES, type Node } from './read.ts';
import { namedFields, pushField, textValue, type ValueReader } from './read-values.ts';
import { defined } from './defined.ts';

export interface DistributionOptions {
  readonly registry?: boolean;
  /** Store base URL ending in `/`: download URLs below it are uploaded files (catalog mode). */
  readonly storeBaseUrl: string;
}

export { formatRaw };

export function storeBase(storeBaseUrl: string): string {
  return storeBaseUrl.replace(/\/?$/, '/');
}

/** Download URLs (as written) of a distribution node, in document order. */
export function downloadUrls(r: ValueReader, n: Node): string[] {
  return [...new Set(r.objects(n, `${NS.dcat}downloadURL`).filter((t) => t.termType !== 'BlankNode').map((t) => t.value.trim()))]
    .filter(Boolean);
}

/** A node's key: its URI, or `_:` and the label of a blank node. */
const nodeKey = (t: Term): string => (t.termType === 'BlankNode' ? `_:${t.value}` : t.value);

export function buildDistribution(r: ValueReader, n: Node, options: DistributionOptions): DistributionModel {
  const base = storeBase(options.storeBaseUrl);

  const formatTerms = r.objectsOf(n, [`${NS.dcterms}format`, `${NS.dcat}mediaType`]);
  const rawFormats = formatTerms.map((t) => formatRaw(r, t, n.graph)).filter((v): v is string => !!v);
  const formats: FormatBadge[] = [];
  for (const raw of rawFormats) {
    const badge = formatBadge(raw);
    if (!formats.some((f) => f.label === badge.label)) formats.push(badge);
  }

  const files = resolveFiles(r, n, downloadUrls(r, n), base, options.registry === true);
  const byteSize = numberOf(r.objects(n, `${NS.dcat}byteSize`)[0]);
  if (files.length === 1 && files[0]!.byteSize === undefined && byteSize !== undefined) {
    files[0] = { ...files[0]!, byteSize };
  }

  const accessUrls = r.objects(n, `${NS.dcat}accessURL`).map((t) => t.value);
  const accessHrefs = accessUrls.map(safeHref).filter((h): h is string => !!h);
  // the first access URL that is not also a download
  const accessUrl = accessHrefs.find((h) => !files.some((f) => f.href === h));

  const serviceTerm = r.objects(n, `${NS.dcat}accessService`)[0];
  const serviceNode = serviceTerm ? r.node(serviceTerm, n.graph) : undefined;
  const accessService = serviceNode ? buildAccessService(r, serviceTerm!, serviceNode) : undefined;

  const conformsTo = r.objects(n, `${NS.dcterms}conformsTo`).map((t) => t.value);
  // (safeHref trims it)
  const swagger = conformsTo.find((c) => /\/swagger\/?$/i.test(c.trim()));
  const apiDescription = safeHref(swagger) ?? accessService?.endpointDescription;

  const isApi = n.graph.has(n.term, `${NS.rdf}type`, `${NS.esterms}ServiceDistribution`) ||
    (accessUrls.length > 0 && r.objects(n, `${NS.dcterms}source`).length > 0);

  // isCsvFormat of each raw format is its badge reading CSV; else the first download's (or access URL's) path
  const isCsv = formats.some((f) => f.label === 'CSV') || isCsvUrl(files[0]?.href ?? accessHrefs[0]);
  const serviceConformsTo = serviceNode ? r.objects(serviceNode, `${NS.dcterms}conformsTo`).map((t) => t.value) : [];
  const endpointUrls = serviceNode ? r.objects(serviceNode, `${NS.dcat}endpointURL`).map((t) => t.value) : [];
  const isWms = isWmsDistribution({
    formats: rawFormats,
    conformsTo: [...conformsTo, ...serviceConformsTo],
    urls: [...accessUrls, ...endpointUrls],
  });

  const title = r.text(n, [`${NS.dcterms}title`, `${NS.dc}title`, `${NS.rdfs}label`]) ??
    (files.length === 1 ? { value: files[0]!.name, lang: '' } : undefined);

  return defined({
    uri: nodeKey(n.term),
    title,
    formats,
    isApi,
    files,
    accessUrl,
    apiDescription,
    isCsv,
    isWms,
    accessService,
    fields: distributionFields(r, n, byteSize),
  });
}

/**
 * File names per §1.10. Catalog mode: a download URL below the store is an uploaded file whose entry's info graph
 * has its name (rdfs:label), size (dcterms:extent) and format. Registry mode, or a file entry that is not at hand:
 * a title/label on the URL node in the distribution's graph, else the decoded last path segment, else the URL.
 * URLs that are not safe links are left out (a file nobody can follow is not a file to offer).
 */
function resolveFiles(r: ValueReader, n: Node, urls: readonly string[], base: string, registry: boolean): FileItem[] {
  const files: FileItem[] = [];
  for (const url of urls) {
    const href = safeHref(url);
    if (!href || files.some((f) => f.href === href)) continue;
    let name: string | undefined;
    let byteSize: number | undefined;
    let format: string | undefined;
    if (!registry && url.startsWith(base)) {
      const info = r.related.get(url)?.info;
      if (info) {
        name = info.objects(url, `${NS.rdfs}label`).find((t) => t.termType === 'Literal')?.value.trim() || undefined;
        byteSize = numberOf(info.objects(url, `${NS.dcterms}extent`)[0]);
        format = info.objects(url, `${NS.dcterms}format`)[0]?.value.trim() || undefined;
      }
    }
    name ??= r.text({ graph: n.graph, term: { termType: 'NamedNode', value: url } }, TITLE_PROPERTIES)?.value;
    name ??= lastPathSegment(url) ?? url;
    files.push(defined({ href, name: htmlText(name), byteSize, format }));
  }
  return files;
}

function lastPathSegment(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const segment = path.replace(/\/+$/, '').split('/').pop();
  return segment ? decodeSafe(segment) : undefined;
}

function numberOf(t: Term | undefined): number | undefined {
  if (t?.termType !== 'Literal') return undefined;
  const n = Number(t.value); // Number() ignores surrounding white space itself
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function buildAccessService(r: ValueReader, term: Term, n: Node): AccessService {
  const entry = r.entryOf(term);
  const title = r.text(n, TITLE_PROPERTIES);
  const endpointDescription = r.objects(n, `${NS.dcat}endpointDescription`).map((t) => safeHref(t.value)).find(Boolean);
  const types = r.objects(n, `${NS.dcterms}type`).map((t) => r.display(t, n.graph)).filter((t) => !!t);
  return defined({
    uri: nodeKey(term),
    title,
    endpointDescription,
    type: types.length ? { value: types.map((t) => t!.value).join(', '), lang: types[0]!.lang } : undefined,
    entryId: entry?.entryId,
    contextId: entry?.contextId,
  });
}

/**
 * Expanded-area rows (§5): description · access URL · format · media type · size · language · issued · modified ·
 * status · licence · rights · checksum · documentation · conforms to · availability · applicable legislation.
 * Title, download URLs and access service are not repeated.
 */
function distributionFields(r: ValueReader, n: Node, byteSize: number | undefined): Field[] {
  const fields: Field[] = [];
  const named = namedFields(fields, r, n);
  // the description's paragraphs as one text (rows render it with `white-space: pre-line`)
  const description = descriptionOf(r, n);
  pushField(fields, 'description', description.length ? [textValue(description.map((p) => p.value).join('\n\n'), description[0]!.lang)] : []);
  named('accessURL', NS.dcat, { url: true });
  const formatValues = (predicate: string): Value[] =>
    r.objects(n, predicate)
      .map((t): Value | undefined => {
        if (t.termType === 'NamedNode') return r.value(t, n.graph);
        const raw = formatRaw(r, t, n.graph);
        return raw ? textValue(raw) : undefined;
      })
      .filter((v): v is Value => !!v);
  pushField(fields, 'format', formatValues(`${NS.dcterms}format`));
  pushField(fields, 'mediaType', formatValues(`${NS.dcat}mediaType`));
  if (byteSize !== undefined) {
    pushField(fields, 'byteSize', [textValue(formatBytes(byteSize, r.ui), r.ui)]);
  }
  pushField(fields, 'language', languageValues(r, n));
  named('issued');
  named('modified');
  named('status', NS.adms);
  named('license');
  pushField(fields, 'rights', rightsValues(r, n));
  pushField(fields, 'checksum', checksumValues(r, n));
  named('page', NS.foaf, { url: true });
  named('conformsTo');
  named('availability', NS.dcatap);
  named('applicableLegislation', NS.dcatap);
  return fields;
}

/** dcterms:language: bundled/Intl language names for URIs and for literal codes ("sv", "swe"). */
export function languageValues(r: ValueReader, n: Node): Value[] {
  return r.objects(n, `${NS.dcterms}language`)
    .map((t): Value | undefined => {
      if (t.termType === 'Literal') {
        // languageName checks that the literal is a language code ("sv", "swe", "sv-SE", also "sv_SE")
        const name = languageName(t.value, r.ui);
        if (name) return textValue(name, r.ui);
      }
      return r.value(t, n.graph);
    })
    .filter((v): v is Value => !!v);
}

/** dcterms:rights (statement label or text) and the ODRS attribution/copyright texts. */
function rightsValues(r: ValueReader, n: Node): Value[] {
  const out = r.values(n, [`${NS.dcterms}rights`]);
  for (const p of ['attributionText', 'copyrightNotice', 'copyrightStatement', 'reuserGuidelines']) {
    out.push(...r.values(n, [`${NS.odrs}${p}`], { url: true }));
  }
  return out;
}

/** spdx:checksum → "SHA-256: 9f86d0…" (algorithm from spdx:algorithm's local name). */
function checksumValues(r: ValueReader, n: Node): Value[] {
  const out: Value[] = [];
  for (const c of r.objects(n, `${NS.spdx}checksum`)) {
    if (c.termType === 'Literal') {
      out.push(textValue(c.value.trim()));
      continue;
    }
    const cn = r.node(c, n.graph);
    const value = r.objects(cn, `${NS.spdx}checksumValue`)[0]?.value.trim();
    if (!value) continue;
    const algorithm = r.objects(cn, `${NS.spdx}algorithm`)[0]?.value.replace(/^.*checksumAlgorithm_/, '').toUpperCase().replace(/^SHA(\d)/, 'SHA-$1');
    out.push(textValue(algorithm ? `${algorithm}: ${value}` : value));
  }
  return out;
}
