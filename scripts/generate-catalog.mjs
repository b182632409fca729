/**
 * A generated DCAT-AP catalog of N datasets, deterministic for a seed, as N-Triples, Turtle or RDF/XML (the same
 * triples in each): what a national catalog's export looks like to the dev store (harvested IRIs, Swedish and English
 * titles, descriptions and keywords, publishers and contact points, EU themes, distributions with formats, media types
 * and licences, access rights, spatial coverage, issued / modified dates). Used by the dev store scale benchmark
 * (`scripts/bench-store-scale.mjs`) and tests.
 *
 *   node scripts/generate-catalog.mjs 50000 [--seed 1] [--format nt|ttl|rdf] [--out FILE]   # prints the file written
 *
 * N-Triples: one line per triple, contact points as labelled blank nodes. Turtle and RDF/XML are written as exports
 * are: prefixes / qualified names, one block per subject (`a dcat:Dataset ;` / typed node elements), contact points
 * nested (`[ … ]` / a node element inside the property element).
 *
 * Skewed like real catalogs: a few publishers own most datasets, keywords follow a Zipf law, CSV and HTML are the
 * common formats. Strings only come from the word lists below, so nothing needs escaping beyond `"` and `\`.
 */
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const VCARD = 'http://www.w3.org/2006/vcard/ns#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const XSD = 'http://www.w3.org/2001/XMLSchema#';
const EU = 'http://publications.europa.eu/resource/authority/';
const BASE = 'https://dataportal.example.se/';

const THEMES = ['AGRI', 'ECON', 'EDUC', 'ENER', 'ENVI', 'GOVE', 'HEAL', 'INTR', 'JUST', 'REGI', 'SOCI', 'TECH', 'TRAN'];
const ACCESS = [['PUBLIC', 0.85], ['RESTRICTED', 0.1], ['NON_PUBLIC', 0.05]];
const LICENCES = [
  ['http://creativecommons.org/publicdomain/zero/1.0/', 0.5],
  ['http://creativecommons.org/licenses/by/4.0/', 0.35],
  ['http://creativecommons.org/licenses/by-sa/4.0/', 0.1],
  [`${EU}licence/CC_BY_4_0`, 0.05],
];
/** [dcterms:format (literal or EU file-type IRI), dcat:mediaType IRI, weight] */
const FORMATS = [
  ['text/csv', 'https://www.iana.org/assignments/media-types/text/csv', 0.3],
  [`${EU}file-type/HTML`, 'https://www.iana.org/assignments/media-types/text/html', 0.15],
  ['application/json', 'https://www.iana.org/assignments/media-types/application/json', 0.12],
  ['CSV', undefined, 0.08],
  [`${EU}file-type/XLSX`, 'https://www.iana.org/assignments/media-types/application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 0.07],
  ['application/xml', 'https://www.iana.org/assignments/media-types/application/xml', 0.06],
  [`${EU}file-type/PDF`, 'https://www.iana.org/assignments/media-types/application/pdf', 0.06],
  ['application/vnd.geo+json', 'https://www.iana.org/assignments/media-types/application/geo+json', 0.05],
  ['WMS', undefined, 0.04],
  ['application/zip', 'https://www.iana.org/assignments/media-types/application/zip', 0.04],
  ['application/rdf+xml', 'https://www.iana.org/assignments/media-types/application/rdf+xml', 0.03],
];
const SV_WORDS = ('vatten luft trafik skola befolkning miljö hälsa energi budget kommun region buller cykel parkering ' +
  'avfall återvinning bygglov detaljplan skog jordbruk fiske väder klimat utsläpp elpris bostäder hyror arbetsmarknad ' +
  'sjukvård tandvård äldreomsorg förskola gymnasium bibliotek kultur idrott badplatser naturreservat kollektivtrafik ' +
  'busshållplatser vägar broar järnväg flyg hamn sjöfart turism företag upphandling statistik valresultat ' +
  'folkhälsa luftkvalitet grundvatten dricksvatten avlopp dagvatten översvämning strandskydd kulturmiljö fornlämningar ' +
  'adresser fastigheter ortofoto höjddata kartor gränser lantmäteri skatter bidrag pension inkomster utbildning forskning').split(' ');
const EN_WORDS = ('water air traffic school population environment health energy budget municipality region noise bicycle ' +
  'parking waste recycling permits zoning forest agriculture fishing weather climate emissions electricity housing rents ' +
  'labour healthcare dental elderly preschool upper-secondary library culture sports beaches reserves transit bus-stops ' +
  'roads bridges railway aviation port shipping tourism companies procurement statistics elections public-health ' +
  'air-quality groundwater drinking-water sewage stormwater flooding shoreline heritage monuments addresses properties ' +
  'orthophoto elevation maps boundaries cadastre taxes grants pensions income education research').split(' ');
const ORG_KINDS = [['kommun', 'Municipality'], ['region', 'Region'], ['myndigheten', 'Agency'], ['verket', 'Board'], ['institutet', 'Institute']];
const PLACES = ('Stockholm Göteborg Malmö Uppsala Västerås Örebro Linköping Helsingborg Jönköping Norrköping Lund Umeå Gävle ' +
  'Borås Södertälje Eskilstuna Halmstad Växjö Karlstad Sundsvall Östersund Trollhättan Luleå Borlänge Kalmar Kristianstad ' +
  'Falun Skövde Karlskrona Skellefteå Uddevalla Varberg Örnsköldsvik Nyköping Motala Trelleborg Ängelholm Lidköping Piteå Visby').split(' ');

const PREFIXES = [
  ['rdf', 'http://www.w3.org/1999/02/22-rdf-syntax-ns#'],
  ['dcat', DCAT],
  ['dct', DCT],
  ['foaf', FOAF],
  ['vcard', VCARD],
  ['xsd', XSD],
];
/** `dcat:Dataset` for an IRI of a known vocabulary with a plain local name, else undefined. */
function qname(iri) {
  for (const [prefix, ns] of PREFIXES) {
    if (iri.startsWith(ns) && /^[A-Za-z][\w-]*$/.test(iri.slice(ns.length))) return `${prefix}:${iri.slice(ns.length)}`;
  }
  return undefined;
}
const ntEscape = (s) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const xmlEscape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A unit's triples grouped by subject in order of first appearance; blank nodes the unit names once as an object
 * are nested at that place (`nested`), not written as subjects of their own.
 */
function groupUnit(unit) {
  const bySubject = new Map();
  const objectUses = new Map();
  for (const t of unit) {
    if (!bySubject.has(t[0])) bySubject.set(t[0], []);
    bySubject.get(t[0]).push(t);
    if (t[2].bnode) objectUses.set(t[2].bnode, (objectUses.get(t[2].bnode) ?? 0) + 1);
  }
  const nested = new Map();
  for (const [s, triples] of bySubject) {
    if (s.startsWith('_:') && objectUses.get(s.slice(2)) === 1) {
      nested.set(s.slice(2), triples);
      bySubject.delete(s);
    }
  }
  return { subjects: [...bySubject.values()], nested };
}

const ntTerm = (o) => (o.iri ? `<${o.iri}>` : o.bnode ? `_:${o.bnode}` : `"${ntEscape(o.value)}"${o.lang ? `@${o.lang}` : o.type ? `^^<${o.type}>` : ''}`);
const ntSubject = (s) => (s.startsWith('_:') ? s : `<${s}>`);

function ttlObject(o, nested, indent) {
  if (o.bnode && nested.has(o.bnode)) return `[\n${ttlPredicates(nested.get(o.bnode), nested, `${indent}    `)}\n${indent}]`;
  if (o.iri) return qname(o.iri) ?? `<${o.iri}>`;
  if (o.type) return `"${ntEscape(o.value)}"^^${qname(o.type) ?? `<${o.type}>`}`;
  return ntTerm(o);
}
function ttlPredicates(triples, nested, indent) {
  return triples.map(([, p, o]) => `${indent}${p === RDF_TYPE ? 'a' : (qname(p) ?? `<${p}>`)} ${ttlObject(o, nested, indent)}`).join(' ;\n');
}

function xmlProperty(p, o, nested, indent) {
  const name = qname(p);
  if (!name) throw new Error(`generate-catalog: no qualified name for ${p}`);
  if (o.iri) return `${indent}<${name} rdf:resource="${xmlEscape(o.iri)}"/>\n`;
  if (o.bnode && nested.has(o.bnode)) return `${indent}<${name}>\n${xmlNode(undefined, nested.get(o.bnode), nested, `${indent}  `)}${indent}</${name}>\n`;
  if (o.bnode) return `${indent}<${name} rdf:nodeID="${o.bnode}"/>\n`;
  const attr = o.lang ? ` xml:lang="${o.lang}"` : o.type ? ` rdf:datatype="${xmlEscape(o.type)}"` : '';
  return `${indent}<${name}${attr}>${xmlEscape(o.value)}</${name}>\n`;
}
function xmlNode(subject, triples, nested, indent) {
  const first = triples[0];
  const typeName = first && first[1] === RDF_TYPE && first[2].iri ? qname(first[2].iri) : undefined;
  const element = typeName ?? 'rdf:Description';
  const about = subject === undefined ? '' : subject.startsWith('_:') ? ` rdf:nodeID="${subject.slice(2)}"` : ` rdf:about="${xmlEscape(subject)}"`;
  let out = `${indent}<${element}${about}>\n`;
  for (const [, p, o] of typeName ? triples.slice(1) : triples) out += xmlProperty(p, o, nested, `${indent}  `);
  return `${out}${indent}</${element}>\n`;
}

/** Per format: the text before the first unit, one unit's text, the text after the last. */
const WRITERS = {
  nt: {
    head: '',
    unit: (unit) => unit.map(([s, p, o]) => `${ntSubject(s)} <${p}> ${ntTerm(o)} .\n`).join(''),
    tail: '',
  },
  ttl: {
    head: `${PREFIXES.map(([prefix, ns]) => `@prefix ${prefix}: <${ns}> .`).join('\n')}\n\n`,
    unit: (unit) => {
      const { subjects, nested } = groupUnit(unit);
      return subjects.map((triples) => `${ntSubject(triples[0][0])}\n${ttlPredicates(triples, nested, '    ')} .\n`).join('');
    },
    tail: '',
  },
  rdf: {
    head: `<?xml version="1.0" encoding="utf-8"?>\n<rdf:RDF\n${PREFIXES.map(([prefix, ns]) => `  xmlns:${prefix}="${ns}"`).join('\n')}>\n`,
    unit: (unit) => {
      const { subjects, nested } = groupUnit(unit);
      return subjects.map((triples) => xmlNode(triples[0][0], triples, nested, '  ')).join('');
    },
    tail: '</rdf:RDF>\n',
  },
};

/** mulberry32: small, fast, deterministic. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Writes the catalog; resolves to `{ file, datasets, publishers, keywords }`.
 * @param {{ datasets: number, seed?: number, out?: string, format?: 'nt' | 'ttl' | 'rdf' }} options
 */
export async function generateCatalog({ datasets, seed = 1, out, format = 'nt' }) {
  const random = rng(seed * 7919 + datasets);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const weighted = (list) => {
    let r = random();
    for (const item of list) if ((r -= item.at(-1)) <= 0) return item;
    return list.at(-1);
  };
  /** Zipf-like index in [0, n): small indexes much more often. */
  const zipf = (n, s = 1.1) => Math.min(n - 1, Math.floor(n ** (random() ** s)) - 1);

  const file = out ?? join(tmpdir(), `catalog-${datasets}-s${seed}.${format}`);
  const stream = createWriteStream(file);
  const writer = WRITERS[format];
  if (!writer) throw new Error(`generate-catalog: unknown format ${format} (nt, ttl or rdf)`);
  let buffer = writer.head;
  /** The triples of the subjects being written (a publisher, or a dataset with its distributions). */
  let unit = [];
  const flush = async () => {
    if (!stream.write(buffer)) await new Promise((r) => stream.once('drain', r));
    buffer = '';
  };
  const endUnit = () => {
    buffer += writer.unit(unit);
    unit = [];
  };
  const iri = (s, p, o) => void unit.push([s, p, { iri: o }]);
  const lit = (s, p, v, lang) => void unit.push([s, p, { value: v, ...(lang ? { lang } : {}) }]);
  const typed = (s, p, v, type) => void unit.push([s, p, { value: v, type: `${XSD}${type}` }]);
  const bnodeIri = (s, p, b) => void unit.push([s, p, { bnode: b }]);

  // Publishers: 20 + N/100 organisations (agents of their own, with a vcard contact point each).
  const publisherCount = 20 + Math.floor(datasets / 100);
  const publishers = [];
  for (let i = 0; i < publisherCount; i++) {
    const place = PLACES[i % PLACES.length];
    const [sv, en] = ORG_KINDS[Math.floor(i / PLACES.length) % ORG_KINDS.length];
    const suffix = i >= PLACES.length * ORG_KINDS.length ? ` ${Math.floor(i / (PLACES.length * ORG_KINDS.length)) + 1}` : '';
    const uri = `${BASE}organization/${i + 1}`;
    publishers.push(uri);
    iri(uri, RDF_TYPE, `${FOAF}Organization`);
    lit(uri, `${FOAF}name`, `${place} ${sv}${suffix}`, 'sv');
    lit(uri, `${FOAF}name`, `${place} ${en}${suffix}`, 'en');
    endUnit();
  }
  // Keywords: word pairs, so there are thousands of distinct ones, Zipf-distributed.
  const keywordCount = Math.min(SV_WORDS.length * 40, 200 + Math.floor(datasets / 10));
  const keyword = (i, lang) => {
    const words = lang === 'sv' ? SV_WORDS : EN_WORDS;
    const a = words[i % words.length];
    const b = Math.floor(i / words.length);
    return b === 0 ? a : `${a} ${words[(i * 7 + b) % words.length]}`;
  };

  const catalog = `${BASE}catalog`;
  iri(catalog, RDF_TYPE, `${DCAT}Catalog`);
  lit(catalog, `${DCT}title`, 'Genererad nationell katalog', 'sv');
  lit(catalog, `${DCT}title`, 'Generated national catalog', 'en');
  iri(catalog, `${DCT}publisher`, publishers[0]);
  endUnit();
  const day = 86_400_000;
  const epoch = Date.UTC(2014, 0, 1);
  for (let d = 1; d <= datasets; d++) {
    const ds = `${BASE}dataset/${d}`;
    iri(catalog, `${DCAT}dataset`, ds);
    iri(ds, RDF_TYPE, `${DCAT}Dataset`);
    const topic = zipf(SV_WORDS.length);
    const place = pick(PLACES);
    lit(ds, `${DCT}title`, `${SV_WORDS[topic][0].toUpperCase()}${SV_WORDS[topic].slice(1)} i ${place} ${d}`, 'sv');
    if (random() < 0.7) lit(ds, `${DCT}title`, `${EN_WORDS[topic][0].toUpperCase()}${EN_WORDS[topic].slice(1)} in ${place} ${d}`, 'en');
    lit(ds, `${DCT}description`, `Data om ${SV_WORDS[topic]} och ${pick(SV_WORDS)} i ${place}, uppdaterad ${pick(['dagligen', 'varje vecka', 'varje månad', 'årligen'])}.`, 'sv');
    if (random() < 0.6) lit(ds, `${DCT}description`, `Data about ${EN_WORDS[topic]} and ${pick(EN_WORDS)} in ${place}.`, 'en');
    const publisher = publishers[zipf(publisherCount, 1.3)];
    iri(ds, `${DCT}publisher`, publisher);
    const themes = new Set([THEMES[(topic * 5) % THEMES.length]]);
    if (random() < 0.35) themes.add(pick(THEMES));
    for (const t of themes) iri(ds, `${DCAT}theme`, `${EU}data-theme/${t}`);
    const kws = new Set();
    const kwn = 2 + Math.floor(random() * 5);
    for (let k = 0; k < kwn; k++) kws.add(zipf(keywordCount));
    for (const k of kws) {
      lit(ds, `${DCAT}keyword`, keyword(k, 'sv'), 'sv');
      if (random() < 0.5) lit(ds, `${DCAT}keyword`, keyword(k, 'en'), 'en');
    }
    iri(ds, `${DCT}accessRights`, `${EU}access-right/${weighted(ACCESS)[0]}`);
    iri(ds, `${DCT}spatial`, `http://sws.geonames.org/${2660000 + PLACES.indexOf(place)}/`);
    const issued = epoch + Math.floor(random() * 3650) * day;
    const modified = issued + Math.floor(random() * 700) * day;
    typed(ds, `${DCT}issued`, new Date(issued).toISOString().slice(0, 10), 'date');
    typed(ds, `${DCT}modified`, new Date(Math.min(modified, Date.UTC(2026, 5, 1))).toISOString().slice(0, 19), 'dateTime');
    iri(ds, `${DCT}accrualPeriodicity`, `${EU}frequency/${pick(['DAILY', 'WEEKLY', 'MONTHLY', 'ANNUAL', 'IRREG'])}`);
    lit(ds, `${DCT}identifier`, `ds-${d}`);
    bnodeIri(ds, `${DCAT}contactPoint`, `c${d}`);
    iri(`_:c${d}`, RDF_TYPE, `${VCARD}Organization`);
    lit(`_:c${d}`, `${VCARD}fn`, `Kundtjänst ${place}`);
    iri(`_:c${d}`, `${VCARD}hasEmail`, `mailto:data@${place.toLowerCase().replace(/[^a-z]/g, '')}.example.se`);
    const distributions = 1 + Math.floor(random() * random() * 4);
    for (let k = 1; k <= distributions; k++) {
      const dist = `${BASE}distribution/${d}-${k}`;
      iri(ds, `${DCAT}distribution`, dist);
      iri(dist, RDF_TYPE, `${DCAT}Distribution`);
      const [format, mediaType] = weighted(FORMATS);
      if (format.startsWith('http')) iri(dist, `${DCT}format`, format);
      else lit(dist, `${DCT}format`, format);
      if (mediaType) iri(dist, `${DCAT}mediaType`, mediaType);
      iri(dist, `${DCAT}accessURL`, `https://files.example.se/${d}/${k}`);
      iri(dist, `${DCT}license`, weighted(LICENCES)[0]);
      lit(dist, `${DCT}title`, `${SV_WORDS[topic]} ${k}`, 'sv');
    }
    endUnit();
    if (buffer.length > 1 << 20) await flush();
  }
  buffer += writer.tail;
  await flush();
  await new Promise((resolve, reject) => stream.end((e) => (e ? reject(e) : resolve())));
  return { file, format, datasets, publishers: publisherCount, keywords: keywordCount, publisherUris: publishers };
}

/** The keyword strings the generator uses (Swedish), most frequent first: for queries that hit the catalog. */
export const SAMPLE = { svWords: SV_WORDS, enWords: EN_WORDS, themes: THEMES, places: PLACES, base: BASE };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const n = Number(args[0]);
  if (!Number.isInteger(n) || n < 1) {
    console.error('usage: node scripts/generate-catalog.mjs DATASETS [--seed N] [--format nt|ttl|rdf] [--out FILE]');
    process.exit(64);
  }
  const seedAt = args.indexOf('--seed');
  const outAt = args.indexOf('--out');
  const formatAt = args.indexOf('--format');
  const result = await generateCatalog({
    datasets: n,
    seed: seedAt > 0 ? Number(args[seedAt + 1]) : 1,
    ...(outAt > 0 ? { out: args[outAt + 1] } : {}),
    ...(formatAt > 0 ? { format: args[formatAt + 1] } : {}),
  });
  console.log(result.file);
}
