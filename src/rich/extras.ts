/**
 * Showcases and ideas of a dataset (behaviour doc §6.1): entries typed esterms:Result / esterms:Idea whose resource
 * has `dcterms:source <dataset>`. They arrive in the landing page's one batched lookup (the `inverse` option of
 * `getEntriesByResourceUris`) and are turned into models here; `<catalog-dataset-extras>` (blocks/dataset-extras/) renders
 * them. DOM-free. Rows use the landing pages' value reader (read-values.ts, in the `landing` chunk, which every page
 * showing extras has loaded), so dates, agents, links and labels look exactly like "Further information".
 */
import { NS } from '../rdf/namespaces.ts';
import type { StoreEntry } from '../store/types.ts';
import type { Lang } from '../i18n/index.ts';
import type { Field, FieldKey, Text } from '../dcat/model.ts';
import { TITLE_PROPERTIES, type Node } from '../dcat/read.ts';
import { dedupe, pushField, ValueReader } from '../dcat/read-values.ts';
import { descriptionOf, resourceTerm } from '../dcat/entry.ts';
import { safeHref } from '../dcat/safe.ts';
import { EXTRAS_INVERSE_PREDICATE, IDEA_TYPE, SHOWCASE_TYPE } from './lookup-plan.ts';

/** (the batched lookup's part: lookup-plan.ts, in the landing chunk) */
export { EXTRAS_INVERSE_PREDICATE, extrasInverse, IDEA_TYPE, SHOWCASE_TYPE } from './lookup-plan.ts';

export interface ExtraModel {
  readonly uri: string;
  readonly title?: Text;
  /** Paragraphs of dcterms:description. */
  readonly description: readonly Text[];
  /** The remaining metadata (not title, description, source), in display order, empty rows omitted. */
  readonly fields: readonly Field[];
}

export interface Extras {
  readonly showcases: ExtraModel[];
  readonly ideas: ExtraModel[];
}

const { dcterms, dcat, foaf, schema, rdf } = NS;
const SCHEMA_HTTPS = 'https://schema.org/';

function isOfType(entry: StoreEntry, type: string): boolean {
  const self = entry.resourceUri;
  return entry.metadata.has(self, `${rdf}type`, type) || entry.info.has(self, `${rdf}type`, type);
}

/** The entry's own resource points at the dataset (the Solr field matched any subject of the graph). */
function pointsAt(entry: StoreEntry, datasetUri: string): boolean {
  return entry.metadata.objects(resourceTerm(entry), EXTRAS_INVERSE_PREDICATE)
    .some((t) => t.termType === 'NamedNode' && t.value === datasetUri);
}

/**
 * The rows of a showcase / idea. Predicates without a row label of their own (anything not listed) are left out:
 * a row is never labelled by a bare predicate URI.
 */
function extraFields(r: ValueReader, n: Node): Field[] {
  const f: Field[] = [];
  const add = (key: FieldKey, predicates: string[], opts: { url?: boolean; entries?: boolean } = {}) =>
    pushField(f, key, r.values(n, predicates, opts));
  pushField(f, 'publisher', dedupe(r.objects(n, `${dcterms}publisher`).map((t) => r.agentValue(t, n.graph))));
  pushField(f, 'creator', dedupe(r.objects(n, `${dcterms}creator`).map((t) => r.agentValue(t, n.graph))));
  pushField(f, 'contactPoint', dedupe(r.objects(n, `${dcat}contactPoint`).flatMap((c) => r.contactValues(c, n.graph))));
  add('landingPage', [`${dcat}landingPage`, `${foaf}homepage`, `${schema}url`, `${SCHEMA_HTTPS}url`], { url: true });
  add('page', [`${foaf}page`], { url: true });
  pushField(f, 'keyword', r.textValues(n, `${dcat}keyword`));
  add('theme', [`${dcat}theme`]);
  add('type', [`${dcterms}type`]);
  add('issued', [`${dcterms}issued`]);
  add('modified', [`${dcterms}modified`]);
  add('language', [`${dcterms}language`]);
  add('identifier', [`${dcterms}identifier`], { url: true });
  add('conformsTo', [`${dcterms}conformsTo`]);
  pushField(f, 'spatial', dedupe(r.objects(n, `${dcterms}spatial`).map((t) => r.spatialValue(t, n.graph))));
  pushField(f, 'temporal', dedupe(r.objects(n, `${dcterms}temporal`).map((t) => r.temporalValue(t, n.graph))));
  add('relation', [`${dcterms}relation`], { entries: true });
  add('license', [`${dcterms}license`]);
  return f;
}

const time = (e: StoreEntry): number => Date.parse(e.modified ?? '') || 0;

function extraOf(entry: StoreEntry, related: ReadonlyMap<string, StoreEntry>, lang: Lang): ExtraModel {
  const r = new ValueReader(entry.metadata, related, lang);
  const n: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const title = r.text(n, TITLE_PROPERTIES);
  return { uri: entry.resourceUri, ...(title ? { title } : {}), description: descriptionOf(r, n), fields: extraFields(r, n) };
}

/**
 * Showcases and ideas among `related` that point at `datasetUri`, newest first (entry modified), then by title.
 * An entry typed both ways is a showcase. `storeBaseUrl` is accepted for symmetry with the other models.
 */
export function extrasOf(
  datasetUri: string,
  related: ReadonlyMap<string, StoreEntry>,
  opts: { lang: Lang; storeBaseUrl?: string },
): Extras {
  const seen = new Set<string>();
  const showcases: StoreEntry[] = [];
  const ideas: StoreEntry[] = [];
  for (const entry of related.values()) {
    if (seen.has(entry.resourceUri) || entry.resourceUri === datasetUri || !pointsAt(entry, datasetUri)) continue;
    seen.add(entry.resourceUri);
    if (isOfType(entry, SHOWCASE_TYPE)) showcases.push(entry);
    else if (isOfType(entry, IDEA_TYPE)) ideas.push(entry);
  }
  const collator = new Intl.Collator(opts.lang, { sensitivity: 'base', numeric: true });
  const models = (list: StoreEntry[]) => list
    .map((e) => ({ e, m: extraOf(e, related, opts.lang) }))
    .sort((a, b) => time(b.e) - time(a.e)
      || collator.compare(a.m.title?.value ?? '\uffff', b.m.title?.value ?? '\uffff'))
    .map(({ m }) => m);
  return { showcases: models(showcases), ideas: models(ideas) };
}

/** A showcase / idea as a row of its own list (issue 26: `showcaseSearch`, `ideaList` …): what the row head shows. */
export interface ExtraRowModel extends ExtraModel {
  /** An image of it (`foaf:depiction`, `schema:image`, `foaf:img`): http(s) only. */
  readonly image?: { readonly src: string; readonly alt?: Text };
  /** Its own web site (`foaf:page`, the incumbent's "Web page"; else a homepage / landing page / schema:url): http(s) only. */
  readonly page?: string;
  /** What it uses: the `dcterms:source` resources (datasets), in graph order. */
  readonly sources: readonly string[];
}

const IMAGE_PROPERTIES = [`${foaf}depiction`, `${schema}image`, `${SCHEMA_HTTPS}image`, `${foaf}img`];
const PAGE_PROPERTIES = [`${foaf}page`, `${foaf}homepage`, `${dcat}landingPage`, `${schema}url`, `${SCHEMA_HTTPS}url`];
/** The row head shows these; the expanded area shows the rest. */
const IN_ROW_HEAD = new Set<FieldKey>(['page', 'landingPage']);

const httpUrl = (t: { termType: string; value: string } | undefined): string | undefined =>
  t && t.termType === 'NamedNode' && /^https?:\/\//i.test(t.value) ? safeHref(t.value) : undefined;

/** The row of one showcase / idea entry; `related` holds what its agents and sources resolve to. */
export function extraRowOf(entry: StoreEntry, related: ReadonlyMap<string, StoreEntry>, lang: Lang): ExtraRowModel {
  const base = extraOf(entry, related, lang);
  const r = new ValueReader(entry.metadata, related, lang);
  const n: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const imageTerm = r.objectsOf(n, IMAGE_PROPERTIES).find((t) => httpUrl(t));
  const src = httpUrl(imageTerm);
  // The image's own title or description in the metadata is its text alternative; without one it is decorative
  // (the row's title heading beside it names the showcase already).
  const alt = imageTerm ? r.text(r.node(imageTerm), [...TITLE_PROPERTIES, `${dcterms}description`]) : undefined;
  const page = r.objectsOf(n, PAGE_PROPERTIES).map(httpUrl).find(Boolean);
  const sources = r.objects(n, EXTRAS_INVERSE_PREDICATE).filter((t) => t.termType === 'NamedNode').map((t) => t.value);
  return {
    ...base,
    fields: base.fields.filter((f) => !IN_ROW_HEAD.has(f.key)),
    ...(src ? { image: { src, ...(alt ? { alt } : {}) } } : {}),
    ...(page ? { page } : {}),
    sources: [...new Set(sources)],
  };
}
