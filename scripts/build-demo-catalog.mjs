#!/usr/bin/env node
// Builds demo/catalog/demo-catalog.ttl from CC0 / CC-BY fixtures in ../shared/fixtures (see demo/catalog/SOURCES.md).
// The output is committed; run this only when the selection changes: `node scripts/build-demo-catalog.mjs`.
// Original URIs are kept (harvested style). Changes to the sources are listed in SOURCES.md and in the file header.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as $rdf from 'rdflib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = resolve(root, process.env.SHARED_FIXTURES ?? '../shared/fixtures');
const outDir = join(root, 'demo/catalog');

const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dcterms: 'http://purl.org/dc/terms/',
  dcatap: 'http://data.europa.eu/r5r/',
  dcatde: 'http://dcat-ap.de/def/dcatde/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  adms: 'http://www.w3.org/ns/adms#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  prov: 'http://www.w3.org/ns/prov#',
  locn: 'http://www.w3.org/ns/locn#',
  gsp: 'http://www.opengis.net/ont/geosparql#',
  geodcat: 'http://data.europa.eu/930/',
  esterms: 'http://entryscape.com/terms/',
};
const rdf = $rdf.Namespace(NS.rdf);
const dcat = $rdf.Namespace(NS.dcat);
const dcterms = $rdf.Namespace(NS.dcterms);
const rdfs = $rdf.Namespace(NS.rdfs);
const foaf = $rdf.Namespace(NS.foaf);
const esterms = $rdf.Namespace(NS.esterms);

/**
 * The selection. `fix` turns the text as published into parseable text (each fix is documented in SOURCES.md);
 * `dropCatalog` removes the source's own catalog description (the demo has one catalog linking everything).
 */
const SOURCES = [
  { file: 'dcat/se/dcat-ap-se_exempel_rekommenderat.ttl', type: 'text/turtle' },
  {
    file: 'dcat/se/swedishpolls_dcat-ap.rdf', type: 'application/rdf+xml',
    // The catalog, the dataset and the publisher share one URI; drop the catalog element so its title and modified
    // date do not merge into the dataset.
    fix: (t) => t.replace(/<dcat:Catalog\b[\s\S]*?<\/dcat:Catalog>\s*/, ''),
  },
  { file: 'dcat/se/oppna-luftfartygsregistret_dcat-ap.rdf', type: 'application/rdf+xml' },
  { file: 'dcat/eu/hvd-3.0.0/example-ms_catalogue_hvd.ttl', type: 'text/turtle' },
  { file: 'dcat/eu/hvd-3.0.0/example-ms_dataset_hvd_profile.ttl', type: 'text/turtle' },
  { file: 'dcat/eu/hvd-3.0.0/example-data_service_terms_sla.ttl', type: 'text/turtle' },
  { file: 'dcat/eu/dcat-ap-3.0.1/example-bee-population-dataset-series-modified.ttl', type: 'text/turtle' },
  { file: 'dcat/eu/geodcat-ap-2.0.0/dataset.ttl', type: 'text/turtle' },
  { file: 'dcat/eu/geodcat-ap-2.0.0/data-service.ttl', type: 'text/turtle' },
  {
    file: 'dcat/de/dcat-ap-de_UAG_Beispieldatensatz_v1.ttl', type: 'text/turtle',
    // Invalid as published: line 1 is the plain text "Stand: 22.02.2024 16:12". Dropped.
    fix: (t) => t.replace(/^Stand:[^\n]*\n/, ''),
  },
];

const DEMO = 'https://demo.catalog-blocks.example/';
const CATALOG = $rdf.sym(`${DEMO}catalog`);
const POLLS_CSV = $rdf.sym('https://github.com/MansMeg/SwedishPolls/blob/master/Data/Polls.csv');
const POLLS_DATASET = $rdf.sym('https://github.com/MansMeg/SwedishPolls');
const POLLS_API = $rdf.sym(`${DEMO}distribution/swedishpolls-api`);

function parseInto(store, { file, type, fix }) {
  const path = join(fixtures, file);
  let text = readFileSync(path, 'utf8');
  if (fix) text = fix(text);
  // SPARQL-style `prefix p: <…>` (valid Turtle 1.1) is not understood by rdflib's parser: rewrite as `@prefix … .`
  if (type === 'text/turtle') text = text.replace(/^prefix\s+(\S*:)\s*(<[^>]*>)\s*$/gim, '@prefix $1 $2 .');
  const base = `file:///fixtures/${file}`;
  $rdf.parse(text, store, base, type);
}

/** A small deterministic Turtle writer: known prefixes only, blank nodes used once are nested, duplicates dropped. */
function toTurtle(statements, firstSubjects) {
  const seen = new Set();
  const bySubject = new Map();
  const bnodeUses = new Map();
  for (const st of statements) {
    const key = `${st.subject.toNT()} ${st.predicate.toNT()} ${st.object.toNT()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sKey = st.subject.toNT();
    if (!bySubject.has(sKey)) bySubject.set(sKey, { term: st.subject, props: [] });
    bySubject.get(sKey).props.push(st);
    if (st.object.termType === 'BlankNode') bnodeUses.set(st.object.toNT(), (bnodeUses.get(st.object.toNT()) ?? 0) + 1);
  }
  const nested = (t) => t.termType === 'BlankNode' && bnodeUses.get(t.toNT()) === 1 && bySubject.has(t.toNT());
  const labels = new Map();
  const bnodeLabel = (t) => {
    if (!labels.has(t.toNT())) labels.set(t.toNT(), `_:b${labels.size + 1}`);
    return labels.get(t.toNT());
  };
  const iri = (v) => {
    for (const [p, ns] of Object.entries(NS)) {
      if (v.startsWith(ns) && /^[A-Za-z_][A-Za-z0-9_-]*$/.test(v.slice(ns.length))) return `${p}:${v.slice(ns.length)}`;
    }
    return `<${v.replace(/[>\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}>`;
  };
  const str = (v) => `"${v.replace(/[\\"\n\r\t]/g, (c) => ({ '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c])}"`;
  const term = (t, indent) => {
    if (t.termType === 'NamedNode') return t.value === `${NS.rdf}type` ? 'a' : iri(t.value);
    if (t.termType === 'BlankNode') return nested(t) ? `[\n${body(bySubject.get(t.toNT()), `${indent}    `)}\n${indent}]` : bnodeLabel(t);
    if (t.language) return `${str(t.value)}@${t.language}`;
    const dt = t.datatype?.value;
    if (!dt || dt === `${NS.xsd}string`) return str(t.value);
    return `${str(t.value)}^^${iri(dt)}`;
  };
  const body = (entry, indent) => {
    const byPred = new Map();
    for (const st of entry.props) {
      const p = st.predicate.value;
      if (!byPred.has(p)) byPred.set(p, []);
      byPred.get(p).push(st.object);
    }
    const preds = [...byPred.keys()].sort((a, b) => (a === `${NS.rdf}type` ? -1 : b === `${NS.rdf}type` ? 1 : iri(a).localeCompare(iri(b))));
    return preds.map((p) => {
      // identical renderings (e.g. the same anonymous identifier read from two example files) are written once
      const objs = [...new Set(byPred.get(p).map((o) => term(o, indent)))].sort();
      return `${indent}${term($rdf.sym(p), indent)} ${objs.join(`,\n${indent}    `)}`;
    }).join(' ;\n');
  };
  const subjects = [...bySubject.values()].filter((e) => !nested(e.term));
  const rank = (e) => {
    const i = firstSubjects.indexOf(e.term.value);
    return i >= 0 ? `0${i}` : `1${e.term.termType === 'BlankNode' ? 'z' : 'a'}${e.term.value}`;
  };
  subjects.sort((a, b) => rank(a).localeCompare(rank(b)));
  const prefixes = Object.entries(NS).map(([p, u]) => `@prefix ${p}: <${u}> .`).join('\n');
  const blocks = subjects.map((e) => {
    const head = e.term.termType === 'BlankNode' ? bnodeLabel(e.term) : iri(e.term.value);
    return `${head}\n${body(e, '    ')} .`;
  });
  return `${prefixes}\n\n${blocks.join('\n\n')}\n`;
}

function lit(value, lang) { return $rdf.literal(value, lang); }

function main() {
  if (!existsSync(fixtures)) {
    console.error(`Fixtures not found at ${fixtures} (set SHARED_FIXTURES). The committed demo catalog is unchanged.`);
    process.exit(1);
  }
  const store = $rdf.graph();
  for (const s of SOURCES) parseInto(store, s);

  // Drop every source catalog (dcat:Catalog, and the HVD example's dcat:Catalogue spelling) with its statements.
  for (const cls of [dcat('Catalog'), dcat('Catalogue')]) {
    for (const cat of store.each(undefined, rdf('type'), cls)) {
      for (const st of [...store.statementsMatching(cat, undefined, undefined)]) store.remove(st);
    }
  }

  // Demo addition: a connected API distribution (EntryScape style) whose dcterms:source is the SwedishPolls CSV
  // distribution. The upload-job work uses it; the URLs are placeholders the dev store may serve.
  const api = POLLS_API;
  store.add(api, rdf('type'), dcat('Distribution'));
  store.add(api, rdf('type'), esterms('ServiceDistribution'));
  store.add(api, dcterms('title'), lit('API för opinionsundersökningarna', 'sv'));
  store.add(api, dcterms('title'), lit('API for the polls', 'en'));
  store.add(api, dcterms('description'), lit('Demo addition (catalog-blocks): a connected API distribution generated from the CSV distribution.', 'en'));
  store.add(api, dcat('accessURL'), $rdf.sym(`${DEMO}rowstore/dataset/swedishpolls`));
  store.add(api, dcterms('conformsTo'), $rdf.sym(`${DEMO}rowstore/dataset/swedishpolls/swagger`));
  store.add(api, dcterms('format'), lit('application/json'));
  store.add(api, dcterms('source'), POLLS_CSV);
  store.add(api, dcterms('modified'), $rdf.literal('2024-05-01', $rdf.sym(`${NS.xsd}date`)));
  store.add(POLLS_DATASET, dcat('distribution'), api);

  // The one catalog of the demo, in Swedish, English and German.
  store.add(CATALOG, rdf('type'), dcat('Catalog'));
  store.add(CATALOG, dcterms('title'), lit('Demokatalog för catalog-blocks', 'sv'));
  store.add(CATALOG, dcterms('title'), lit('catalog-blocks demo catalog', 'en'));
  store.add(CATALOG, dcterms('title'), lit('Demokatalog für catalog-blocks', 'de'));
  store.add(CATALOG, dcterms('description'), lit('Datamängder och datatjänster från öppet licensierade DCAT-AP-exempel och svenska kataloger.', 'sv'));
  store.add(CATALOG, dcterms('description'), lit('Datasets and data services from openly licensed DCAT-AP examples and Swedish catalogs.', 'en'));
  store.add(CATALOG, dcterms('description'), lit('Datensätze und Datendienste aus offen lizenzierten DCAT-AP-Beispielen und schwedischen Katalogen.', 'de'));
  const publisher = $rdf.sym(`${DEMO}publisher`);
  store.add(CATALOG, dcterms('publisher'), publisher);
  store.add(publisher, rdf('type'), foaf('Agent'));
  store.add(publisher, foaf('name'), lit('catalog-blocks demo'));
  store.add(CATALOG, dcterms('license'), $rdf.sym('http://creativecommons.org/licenses/by/4.0/'));
  store.add(CATALOG, rdfs('comment'), lit('Assembled from CC0 / CC-BY-4.0 sources; see demo/catalog/SOURCES.md for attribution.', 'en'));
  const uniq = (terms) => [...new Map(terms.map((t) => [t.value, t])).values()];
  for (const cls of ['Dataset', 'DatasetSeries']) {
    for (const ds of uniq(store.each(undefined, rdf('type'), dcat(cls)))) {
      if (ds.termType === 'NamedNode') store.add(CATALOG, dcat('dataset'), ds);
    }
  }
  for (const svc of uniq(store.each(undefined, rdf('type'), dcat('DataService')))) {
    if (svc.termType === 'NamedNode') store.add(CATALOG, dcat('service'), svc);
  }

  const turtle = toTurtle(store.statements, [CATALOG.value]);
  const header = [
    '# catalog-blocks demo catalog — generated by scripts/build-demo-catalog.mjs; do not edit by hand.',
    '# Sources (CC0-1.0 data / CC-BY-4.0) and the changes made are listed in demo/catalog/SOURCES.md:',
    ...SOURCES.map((s) => `#   ${s.file}`),
    `# Demo additions (not in any source): the catalog <${CATALOG.value}> with its publisher, and the`,
    `#   connected API distribution <${POLLS_API.value}> (dcterms:source = the SwedishPolls CSV distribution).`,
    '',
  ].join('\n');
  mkdirSync(join(outDir, 'files'), { recursive: true });
  writeFileSync(join(outDir, 'demo-catalog.ttl'), `${header}\n${turtle}`);
  copyFileSync(join(fixtures, 'upload/SwedishPolls-Polls.csv'), join(outDir, 'files/SwedishPolls-Polls.csv'));
  chmodSync(join(outDir, 'files/SwedishPolls-Polls.csv'), 0o644);

  const count = (cls) => uniq(store.each(undefined, rdf('type'), dcat(cls))).length;
  console.log(`demo-catalog.ttl: ${store.length} triples; datasets ${count('Dataset')}, series ${count('DatasetSeries')}, ` +
    `distributions ${count('Distribution')}, data services ${count('DataService')}`);
}

main();
