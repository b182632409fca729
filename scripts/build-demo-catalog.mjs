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
  esviz: 'http://entryscape.com/terms/visualization/',
  schema: 'http://schema.org/',
};
const rdf = $rdf.Namespace(NS.rdf);
const dcat = $rdf.Namespace(NS.dcat);
const dcterms = $rdf.Namespace(NS.dcterms);
const rdfs = $rdf.Namespace(NS.rdfs);
const foaf = $rdf.Namespace(NS.foaf);
const esterms = $rdf.Namespace(NS.esterms);
const esviz = $rdf.Namespace(NS.esviz);
const schema = $rdf.Namespace(NS.schema);
const xsd = $rdf.Namespace(NS.xsd);
const dcatap = $rdf.Namespace(NS.dcatap);
const locn = $rdf.Namespace(NS.locn);
const gsp = $rdf.Namespace(NS.gsp);

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
/** Stands for "no base": the Turtle writer emits these IRIs relative (see `iri` in toTurtle). */
const RELATIVE = 'http://relative.invalid/';
/** Placeholder object for "the store's file entry made from files/<name>" until its id is known. */
const FILE_PLACEHOLDER = 'urn:x-demo-catalog-file:';
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
    // Relative references (resolved by whoever loads the file: the dev store resolves them against
    // `{store}{ctx}/resource/`, so `<57>` is that context's entry 57 and `</wms>` the store's own WMS).
    if (v.startsWith(RELATIVE)) return `<${v.slice(RELATIVE.length)}>`;
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

// ---------------------------------------------------------------------------------------------------------------
// Demo additions for the rich dataset content (issue 9): CSV previews, visualizations, a WMS distribution, spatial
// coverage, indicators, showcases and ideas. Everything here is listed under "Demo additions" in SOURCES.md; the
// data files are real (CC0) or derived by this script from CC0 data, never typed in by hand.
// ---------------------------------------------------------------------------------------------------------------

const EU = 'http://publications.europa.eu/resource/authority/';
const CC0 = $rdf.sym('http://creativecommons.org/publicdomain/zero/1.0/');
const CC_BY = $rdf.sym('http://creativecommons.org/licenses/by/4.0/');
const HVD_REGULATION = $rdf.sym('http://data.europa.eu/eli/reg_impl/2023/138/oj');
const GEODATA_COMMIT = '967319129a6a3e8494316421fb64cf5d140714a3';
const WMS_LAYER_NAMES = { lakes: ['Vänern', 'Vättern'], sweden: ['Sweden mainland', 'Gotland', 'Öland'] };

const GEODATA = $rdf.sym(`${DEMO}dataset/swedish-geodata`);
const MAPS = $rdf.sym(`${DEMO}dataset/demo-maps`);
const INDICATORS = $rdf.sym(`${DEMO}dataset/indicator-example`);

/** Data files served by the dev store (demo/catalog/files/<name>): copied unchanged, or written by this script. */
const COPIED_FILES = [
  { from: 'upload/SwedishPolls-Polls.csv', to: 'SwedishPolls-Polls.csv' },
  { from: 'upload/se-counties.csv', to: 'swedish-geodata-counties.csv' },
  { from: 'upload/se-municipalities.csv', to: 'swedish-geodata-municipalities.csv' },
  { from: 'upload/se-postal_to_municipality.csv', to: 'swedish-geodata-postal_to_municipality.csv' },
];
const CENTROIDS_FILE = 'demo-maps-centroids.csv';

const fileRef = (name) => $rdf.sym(`${FILE_PLACEHOLDER}${name}`);
const rel = (ref) => $rdf.sym(`${RELATIVE}${ref}`);
const typed = (value, type) => $rdf.literal(value, type);

/** Area-weighted centroid (planar, lon/lat) and approximate area in km² of one closed ring. */
function ringCentroid(ring) {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[i + 1];
    const cross = x0 * y1 - x1 * y0;
    a += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  a /= 2;
  const lon = cx / (6 * a);
  const lat = cy / (6 * a);
  // degrees² → km² at the centroid's latitude (equirectangular approximation; the outlines are coarse anyway)
  const km2 = Math.abs(a) * 111.32 * Math.cos((lat * Math.PI) / 180) * 110.57;
  return { lon, lat, km2 };
}

/** The points CSV of the map visualization: one row per polygon of the dev store WMS layers (derived, CC0). */
function centroidsCsv(layers) {
  const rows = ['name,layer,longitude,latitude,area_km2'];
  for (const layer of layers) {
    const names = WMS_LAYER_NAMES[layer.name];
    if (!names || names.length !== layer.rings.length) throw new Error(`WMS layer ${layer.name}: ring names do not match its ${layer.rings.length} rings`);
    layer.rings.forEach((ring, i) => {
      const c = ringCentroid(ring);
      rows.push([names[i], layer.name, c.lon.toFixed(4), c.lat.toFixed(4), String(Math.round(c.km2 / 100) * 100)].join(','));
    });
  }
  return `${rows.join('\n')}\n`;
}

/** [west, south, east, north] of all layers, degrees. */
function unionBox(layers, layerBox) {
  const boxes = layers.map(layerBox);
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}

/** EPSG:4326 degrees → EPSG:3857 metres (the projection EntryScape's visualization editor stores initialView in). */
function toMercator([lon, lat]) {
  const R = 6378137;
  return [R * (lon * Math.PI) / 180, R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))];
}

const boxWkt = ([w, s, e, n]) => `POLYGON((${w} ${s}, ${e} ${s}, ${e} ${n}, ${w} ${n}, ${w} ${s}))`;
const boxGeoJson = ([w, s, e, n]) => JSON.stringify({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });

function titles(store, node, sv, en) {
  store.add(node, dcterms('title'), lit(sv, 'sv'));
  store.add(node, dcterms('title'), lit(en, 'en'));
}
function descriptions(store, node, sv, en) {
  store.add(node, dcterms('description'), lit(sv, 'sv'));
  store.add(node, dcterms('description'), lit(en, 'en'));
}

/**
 * A CSV distribution of a dataset plus its connected API distribution (EntryScape's model, entrystore-api.md §6.3).
 * The API distribution is what makes the dev store serve the file: at start it uploads `files/<name>` (matched by
 * the access URL's file name) to the source distribution as a store file, linked by downloadURL and accessURL.
 */
function csvDistribution(store, dataset, { id, sv, en, accessURL, license, rows }) {
  const d = $rdf.sym(`${DEMO}distribution/${id}`);
  store.add(dataset, dcat('distribution'), d);
  store.add(d, rdf('type'), dcat('Distribution'));
  titles(store, d, sv, en);
  store.add(d, dcat('accessURL'), $rdf.sym(accessURL));
  store.add(d, dcterms('format'), $rdf.sym(`${EU}file-type/CSV`));
  store.add(d, dcat('mediaType'), $rdf.sym('https://www.iana.org/assignments/media-types/text/csv'));
  store.add(d, dcterms('license'), license);
  if (rows) store.add(d, dcterms('description'), lit(`${rows} rows.`, 'en'));
  const api = $rdf.sym(`${DEMO}distribution/${id}-api`);
  store.add(dataset, dcat('distribution'), api);
  store.add(api, rdf('type'), dcat('Distribution'));
  store.add(api, rdf('type'), esterms('ServiceDistribution'));
  titles(store, api, `API för ${sv.charAt(0).toLowerCase()}${sv.slice(1)}`, `API for ${en.charAt(0).toLowerCase()}${en.slice(1)}`);
  // the dev store's own RowStore answers here (offline)
  store.add(api, dcat('accessURL'), rel(`/rowstore/dataset/${id}`));
  store.add(api, dcterms('conformsTo'), rel(`/rowstore/dataset/${id}/swagger`));
  store.add(api, dcterms('format'), lit('application/json'));
  store.add(api, dcterms('source'), d);
  return d;
}

/** A visualization entry (behaviour doc §6.2) linked from the dataset with schema:diagram. */
function visualization(store, dataset, id, { sv, en, chartType, source, xAxis, yAxis, operation, featureTitle, extra = [] }) {
  const v = $rdf.sym(`${DEMO}visualization/${id}`);
  store.add(dataset, schema('diagram'), v);
  store.add(v, rdf('type'), esviz('Visualization'));
  titles(store, v, sv, en);
  store.add(v, esviz('chartType'), lit(chartType));
  if (source) store.add(v, dcterms('source'), fileRef(source));
  if (xAxis) store.add(v, esviz('xAxis'), lit(xAxis));
  if (yAxis) store.add(v, esviz('yAxis'), lit(yAxis));
  if (operation) store.add(v, esviz('operation'), lit(operation));
  if (featureTitle) store.add(v, esviz('featureTitle'), lit(featureTitle));
  for (const [p, o] of extra) store.add(v, p, o);
  store.add(v, dcterms('description'), lit(source
    ? `Demo addition (catalog-blocks): a visualization entry over the data file ${source}.`
    : 'Demo addition (catalog-blocks): a visualization entry over the dev store\'s own WMS.', 'en'));
  return v;
}

/** A showcase (esterms:Result) or idea (esterms:Idea) pointing at its dataset with dcterms:source. */
function extra(store, type, id, dataset, { sv, en, descSv, descEn, page, issued }) {
  const x = $rdf.sym(`${DEMO}${type === 'Result' ? 'showcase' : 'idea'}/${id}`);
  store.add(x, rdf('type'), esterms(type));
  titles(store, x, sv, en);
  descriptions(store, x, descSv, descEn);
  store.add(x, dcterms('source'), dataset);
  if (page) store.add(x, foaf('page'), $rdf.sym(page));
  if (issued) store.add(x, dcterms('issued'), typed(issued, xsd('date')));
  return x;
}

function addRichContent(store, { layers, layerBox }) {
  const sweden = layers.find((l) => l.name === 'sweden');
  const swedenBox = layerBox(sweden);
  const allBox = unionBox(layers, layerBox);

  // --- Swedish counties, municipalities and postal codes (real CC0 data of sjbrg/swedish-geodata) -------------
  const g = GEODATA;
  store.add(g, rdf('type'), dcat('Dataset'));
  titles(store, g, 'Sveriges län, kommuner och postnummer', 'Swedish counties, municipalities and postal codes');
  descriptions(store, g,
    'Öppna referensdata för Sveriges indelningar: alla 21 län, alla 290 kommuner och 15 463 postnummer med kommun. ' +
      'UTF-8-kodade CSV-filer med komma som avgränsare; koder läses som text för att behålla inledande nollor. ' +
      'Län- och kommunkoder från SCB, postnummer ur ett uttag från september 2024.',
    'Open reference data for Swedish geographical divisions: counties (län), municipalities (kommuner), and postal ' +
      'code mappings. All files are UTF-8 encoded CSV with comma separators; codes are read as strings to preserve ' +
      'leading zeros. County and municipality codes from Statistics Sweden (SCB); postal codes from a September 2024 extract.');
  const sjbrg = $rdf.sym('https://github.com/sjbrg');
  store.add(g, dcterms('publisher'), sjbrg);
  store.add(sjbrg, rdf('type'), foaf('Agent'));
  store.add(sjbrg, foaf('name'), lit('sjbrg (swedish-geodata)'));
  store.add(g, dcat('landingPage'), $rdf.sym('https://github.com/sjbrg/swedish-geodata'));
  for (const k of ['län', 'kommuner', 'postnummer']) store.add(g, dcat('keyword'), lit(k, 'sv'));
  for (const k of ['counties', 'municipalities', 'postal codes']) store.add(g, dcat('keyword'), lit(k, 'en'));
  store.add(g, dcat('theme'), $rdf.sym(`${EU}data-theme/REGI`));
  store.add(g, dcterms('license'), CC0);
  store.add(g, dcterms('accessRights'), $rdf.sym(`${EU}access-right/PUBLIC`));
  store.add(g, dcterms('accrualPeriodicity'), $rdf.sym(`${EU}frequency/IRREG`));
  // "Last updated: 2025-01 (initial release)" in the README
  store.add(g, dcterms('issued'), typed('2025-01', xsd('gYearMonth')));
  // a bounding box (WKT, dcat:bbox) — the box of the dev store WMS "sweden" layer — and a named place (a link)
  const gBox = $rdf.blankNode('geodataBox');
  store.add(g, dcterms('spatial'), gBox);
  store.add(gBox, rdf('type'), dcterms('Location'));
  store.add(gBox, dcat('bbox'), typed(boxWkt(swedenBox), gsp('wktLiteral')));
  store.add(g, dcterms('spatial'), $rdf.sym(`${EU}country/SWE`));
  const upstream = (file) => `https://github.com/sjbrg/swedish-geodata/blob/${GEODATA_COMMIT}/data/${file}`;
  csvDistribution(store, g, { id: 'swedish-geodata-counties', sv: 'Län', en: 'Counties', accessURL: upstream('counties.csv'), license: CC0, rows: 21 });
  csvDistribution(store, g, { id: 'swedish-geodata-municipalities', sv: 'Kommuner', en: 'Municipalities', accessURL: upstream('municipalities.csv'), license: CC0, rows: 290 });
  csvDistribution(store, g, { id: 'swedish-geodata-postal', sv: 'Postnummer till kommun', en: 'Postal code to municipality', accessURL: upstream('postal_to_municipality.csv'), license: CC0, rows: 15463 });
  visualization(store, g, 'municipalities-per-county', {
    sv: 'Antal kommuner per län (länskod)', en: 'Municipalities per county (county code)',
    chartType: 'pie', source: 'swedish-geodata-municipalities.csv', xAxis: 'county_code', operation: 'count',
  });
  visualization(store, g, 'counties-table', {
    sv: 'Sveriges län', en: 'Swedish counties', chartType: 'table', source: 'swedish-geodata-counties.csv',
  });
  extra(store, 'Idea', 'postal-code-lookup', g, {
    sv: 'Kommun och län från ett postnummer', en: 'Municipality and county from a postal code',
    descSv: 'Demoidé (påhittad för catalog-blocks): ett formulär som slår upp kommun och län för ett postnummer genom att koppla ihop postnummerfilen med kommun- och länsfilen.',
    descEn: 'Demo idea (invented for catalog-blocks): a form that looks up the municipality and county of a postal code by joining the postal code file with the municipality and county files.',
  });

  // --- SwedishPolls (real dataset, real CSV): charts, a showcase and an idea ------------------------------------
  visualization(store, POLLS_DATASET, 'polls-per-company', {
    sv: 'Antal undersökningar per opinionsinstitut', en: 'Number of polls per polling company',
    chartType: 'bar', source: 'SwedishPolls-Polls.csv', xAxis: 'Company', operation: 'count',
  });
  visualization(store, POLLS_DATASET, 'respondents-per-company', {
    sv: 'Antal svarande per opinionsinstitut (summa av n)', en: 'Respondents per polling company (sum of n)',
    chartType: 'bar', source: 'SwedishPolls-Polls.csv', xAxis: 'Company', yAxis: 'n', operation: 'sum',
  });
  visualization(store, POLLS_DATASET, 'social-democrats-over-time', {
    sv: 'Socialdemokraternas (S) andel över tid, procent', en: 'Social Democrats (S) share over time, per cent',
    chartType: 'line', source: 'SwedishPolls-Polls.csv', xAxis: 'PublDate', yAxis: 'S', operation: 'none',
  });
  extra(store, 'Result', 'swedishpolls-r-package', POLLS_DATASET, {
    sv: 'R-paketet SwedishPolls', en: 'The SwedishPolls R package',
    descSv: 'Läser opinionsundersökningarna direkt in i R med get_polls(); handle_tracking_polls() ger de senaste, icke-överlappande rullande mätningarna och paketet har valresultaten i samma format. (Beskrivningen sammanfattar projektets README.)',
    descEn: 'Reads the polls directly into R with get_polls(); handle_tracking_polls() returns the latest, non-overlapping tracking polls, and the package has the election results in the same format. (Summarised from the project README.)',
    page: 'https://github.com/MansMeg/SwedishPolls/tree/master/RPackage',
  });
  extra(store, 'Idea', 'polls-against-elections', POLLS_DATASET, {
    sv: 'Jämför mätningarna med valresultaten', en: 'Compare the polls with the election results',
    descSv: 'Demoidé (påhittad för catalog-blocks): hur långt från valresultatet låg varje institut veckan före valet?',
    descEn: 'Demo idea (invented for catalog-blocks): how far from the election result was each polling company in the week before the election?',
  });

  // --- Demo maps: the dev store's own offline WMS and points derived from its layers (project data, CC0) ----------
  const m = MAPS;
  store.add(m, rdf('type'), dcat('Dataset'));
  titles(store, m, 'Demokartor: Sveriges kontur och de stora sjöarna', 'Demo maps: outline of Sweden and its large lakes');
  descriptions(store, m,
    'Demoaddition (catalog-blocks): utvecklingsserverns egen WMS med lagren "lakes" (Vänern, Vättern) och "sweden" ' +
      '(fastlandet, Gotland, Öland) — grova konturer ritade för projektet — och en CSV med varje polygons tyngdpunkt, ' +
      'beräknad av scripts/build-demo-catalog.mjs. Fungerar utan internet.',
    'Demo addition (catalog-blocks): the dev store\'s own WMS with the layers "lakes" (Vänern, Vättern) and "sweden" ' +
      '(mainland, Gotland, Öland) — coarse outlines drawn for this project — and a CSV with the centroid of each ' +
      'polygon, computed by scripts/build-demo-catalog.mjs. Works without internet.');
  store.add(m, dcterms('publisher'), $rdf.sym(`${DEMO}publisher`));
  store.add(m, dcat('theme'), $rdf.sym(`${EU}data-theme/ENVI`));
  store.add(m, dcat('keyword'), lit('WMS', 'en'));
  store.add(m, dcat('keyword'), lit('karta', 'sv'));
  store.add(m, dcterms('license'), CC0);
  store.add(m, dcterms('accessRights'), $rdf.sym(`${EU}access-right/PUBLIC`));
  store.add(m, dcterms('accrualPeriodicity'), $rdf.sym(`${EU}frequency/NEVER`));
  store.add(m, dcterms('modified'), typed('2025-06-01', xsd('date')));
  // coverage as GeoJSON (locn:geometry)
  const mBox = $rdf.blankNode('mapsBox');
  store.add(m, dcterms('spatial'), mBox);
  store.add(mBox, rdf('type'), dcterms('Location'));
  store.add(mBox, locn('geometry'), typed(boxGeoJson(allBox), gsp('geoJSONLiteral')));
  const wms = $rdf.sym(`${DEMO}distribution/demo-maps-wms`);
  store.add(m, dcat('distribution'), wms);
  store.add(wms, rdf('type'), dcat('Distribution'));
  titles(store, wms, 'Kartlager (WMS)', 'Map layers (WMS)');
  store.add(wms, dcat('accessURL'), rel('/wms'));
  store.add(wms, dcterms('format'), $rdf.sym(`${EU}file-type/WMS_SRVC`));
  store.add(wms, dcterms('conformsTo'), $rdf.sym('http://www.opengis.net/def/serviceType/ogc/wms'));
  store.add(wms, dcterms('license'), CC0);
  store.add(wms, dcterms('description'), lit('WMS 1.1.1 and 1.3.0 (GetCapabilities, GetMap PNG, GetLegendGraphic) served by the dev store itself.', 'en'));
  csvDistribution(store, m, {
    id: 'demo-maps-centroids', sv: 'Polygonernas tyngdpunkter', en: 'Polygon centroids',
    accessURL: `${DEMO}files/${CENTROIDS_FILE}`, license: CC0, rows: layers.reduce((n, l) => n + l.rings.length, 0),
  });
  visualization(store, m, 'centroids-map', {
    sv: 'Tyngdpunkter på karta', en: 'Centroids on a map', chartType: 'map', source: CENTROIDS_FILE,
    xAxis: 'longitude', yAxis: 'latitude', featureTitle: 'name', operation: 'none',
    extra: [[esviz('legendControl'), typed('true', xsd('boolean'))]],
  });
  const [w, s] = toMercator([allBox[0], allBox[1]]);
  const [e, n] = toMercator([allBox[2], allBox[3]]);
  visualization(store, m, 'wms-layers', {
    sv: 'Sverige och de stora sjöarna (WMS)', en: 'Sweden and its large lakes (WMS)', chartType: 'wms',
    extra: [
      [esviz('wmsBaseURI'), rel('/wms')],
      [esviz('layers'), lit(JSON.stringify(layers.map((l) => ({ name: l.name, title: l.title }))))],
      [esviz('initialView'), lit(JSON.stringify([w, s, e, n].map((v) => Math.round(v))))],
      [esviz('legendControl'), typed('true', xsd('boolean'))],
    ],
  });
  extra(store, 'Result', 'catalog-blocks-map-demo', m, {
    sv: 'Kartsidan i catalog-blocks demo', en: 'The catalog-blocks demo map page',
    descSv: 'Demosidan wms-map.html visar lagren med teckenförklaring och lagerväljare, och en täckningskarta ovanpå dem.',
    descEn: 'The demo page wms-map.html shows the layers with a legend and a layer switcher, and a coverage map on top of them.',
    issued: '2025-06-01',
  });

  // --- Every indicator on one invented dataset (so no real dataset gets properties it does not have) -----------
  const i = INDICATORS;
  store.add(i, rdf('type'), dcat('Dataset'));
  titles(store, i, 'Exempel: alla indikatorer (demo)', 'Example: every indicator (demo)');
  descriptions(store, i,
    'Påhittad datamängd för catalog-blocks demo: begränsad åtkomst, avgift, årlig uppdatering, CC BY 4.0 och ' +
      'tillämplig lagstiftning för värdefulla datamängder — så att varje indikator syns. Inga data.',
    'Invented dataset for the catalog-blocks demo: restricted access, a fee, yearly updates, CC BY 4.0 and the ' +
      'high-value dataset regulation as applicable legislation — so that every indicator shows. No data.');
  store.add(i, dcterms('publisher'), $rdf.sym(`${DEMO}publisher`));
  store.add(i, dcat('theme'), $rdf.sym(`${EU}data-theme/GOVE`));
  store.add(i, dcterms('accessRights'), $rdf.sym(`${EU}access-right/RESTRICTED`));
  store.add(i, dcterms('accrualPeriodicity'), $rdf.sym(`${EU}frequency/ANNUAL`));
  store.add(i, dcterms('license'), CC_BY);
  store.add(i, dcatap('applicableLegislation'), HVD_REGULATION);
  store.add(i, dcatap('hvdCategory'), $rdf.sym('http://data.europa.eu/bna/c_ac64a52d'));
  const offer = $rdf.blankNode('indicatorOffer');
  store.add(i, schema('offers'), offer);
  store.add(offer, rdf('type'), schema('Offer'));
  store.add(offer, schema('description'), lit('Avgift enligt prislista (demo).', 'sv'));
  store.add(offer, schema('description'), lit('Fee according to a price list (demo).', 'en'));
  store.add(i, dcterms('modified'), typed('2025-03-01', xsd('date')));
}

/** Copies the real data files and writes the derived one into demo/catalog/files/. */
function writeDataFiles(layers) {
  mkdirSync(join(outDir, 'files'), { recursive: true });
  for (const f of COPIED_FILES) {
    copyFileSync(join(fixtures, f.from), join(outDir, 'files', f.to));
    chmodSync(join(outDir, 'files', f.to), 0o644);
  }
  writeFileSync(join(outDir, 'files', CENTROIDS_FILE), centroidsCsv(layers));
}

/**
 * Loads the catalog text into a dev store (which seeds the files of the API distributions' sources) and returns
 * file name → the file entry's id. The ids only depend on the catalog's entries, which the placeholders do not change.
 */
async function seededFileIds(text, createStoreServer) {
  const server = await createStoreServer({ catalogs: [{ file: join(outDir, 'demo-catalog.ttl'), text }], port: 0, host: '127.0.0.1' });
  try {
    const ids = new Map();
    const ctx = server.store.contexts.get('1');
    for (const e of ctx.entries.values()) if (e.kind === 'file' && e.file) ids.set(e.file.name, { id: e.entryId, uri: e.resourceUri });
    return ids;
  } finally {
    await server.close();
  }
}

/** Replaces the file placeholders by relative references `<id>` (the store file entry of that context). */
function resolveFilePlaceholders(store, ids) {
  for (const st of [...store.statements]) {
    if (st.object.termType !== 'NamedNode' || !st.object.value.startsWith(FILE_PLACEHOLDER)) continue;
    const name = st.object.value.slice(FILE_PLACEHOLDER.length);
    const f = ids.get(name);
    if (!f) throw new Error(`the dev store served no file ${name} (is there an API distribution whose source's access URL names it?)`);
    store.remove(st);
    store.add(st.subject, st.predicate, rel(f.id));
  }
}

async function main() {
  if (!existsSync(fixtures)) {
    console.error(`Fixtures not found at ${fixtures} (set SHARED_FIXTURES). The committed demo catalog is unchanged.`);
    process.exit(1);
  }
  // The dev store's own code (TypeScript): its WMS layer data, and the server that decides which file ids it seeds.
  const { tsImport } = await import('tsx/esm/api');
  const { LAYERS, layerBox } = await tsImport('../dev-store/wms/layers.ts', import.meta.url);
  const { createStoreServer } = await tsImport('../dev-store/server.ts', import.meta.url);
  const store = $rdf.graph();
  for (const s of SOURCES) parseInto(store, s);

  // Drop every source catalog (dcat:Catalog, and the HVD example's dcat:Catalogue spelling) with its statements.
  for (const cls of [dcat('Catalog'), dcat('Catalogue')]) {
    for (const cat of store.each(undefined, rdf('type'), cls)) {
      for (const st of [...store.statementsMatching(cat, undefined, undefined)]) store.remove(st);
    }
  }

  // The SwedishPolls CSV is served by the dev store (files/SwedishPolls-Polls.csv, linked as download URL at start),
  // as EntryScape holds an uploaded file. Its download URL on GitHub is dropped (the access URL keeps it), so the
  // store file is the one download URL and the data preview works offline (SOURCES.md "What was changed").
  for (const st of [...store.statementsMatching(POLLS_CSV, dcat('downloadURL'), undefined)]) store.remove(st);

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

  addRichContent(store, { layers: LAYERS, layerBox });

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

  const header = [
    '# catalog-blocks demo catalog — generated by scripts/build-demo-catalog.mjs; do not edit by hand.',
    '# Sources (CC0-1.0 data / CC-BY-4.0) and the changes made are listed in demo/catalog/SOURCES.md:',
    ...SOURCES.map((s) => `#   ${s.file}`),
    `# Demo additions (not in any source; SOURCES.md "Demo additions"): the catalog <${CATALOG.value}> with its publisher,`,
    `#   the connected API distribution <${POLLS_API.value}> (dcterms:source = the SwedishPolls CSV distribution),`,
    `#   the datasets <${GEODATA.value}>, <${MAPS.value}>, <${INDICATORS.value}>`,
    `#   with their distributions, visualizations (${DEMO}visualization/…), showcases (${DEMO}showcase/…) and ideas (${DEMO}idea/…).`,
    '# Relative references resolve against the loading store: <N> = the store file entry N of this context (the files in',
    '#   demo/catalog/files/, uploaded by the dev store at start), </wms> and </rowstore/…> = the dev store\'s own services.',
    '',
  ].join('\n');
  writeDataFiles(LAYERS);
  // Pass 1 with placeholders: which ids does the dev store give the files it seeds? Pass 2 writes them.
  const ids = await seededFileIds(`${header}\n${toTurtle(store.statements, [CATALOG.value])}`, createStoreServer);
  resolveFilePlaceholders(store, ids);
  const turtle = toTurtle(store.statements, [CATALOG.value]);
  writeFileSync(join(outDir, 'demo-catalog.ttl'), `${header}\n${turtle}`);
  // The ids must be the same when the final file is loaded (a changed seeding rule would break the visualizations).
  const again = await seededFileIds(`${header}\n${turtle}`, createStoreServer);
  for (const [name, f] of ids) {
    if (again.get(name)?.id !== f.id) throw new Error(`file ${name}: id ${f.id} in pass 1, ${again.get(name)?.id} in the final catalog`);
  }
  console.log(`store files: ${[...again].map(([name, f]) => `${name} → <${f.id}>`).join(', ')}`);

  const count = (cls) => uniq(store.each(undefined, rdf('type'), dcat(cls))).length;
  console.log(`demo-catalog.ttl: ${store.length} triples; datasets ${count('Dataset')}, series ${count('DatasetSeries')}, ` +
    `distributions ${count('Distribution')}, data services ${count('DataService')}`);
}

await main();
