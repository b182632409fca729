#!/usr/bin/env node
// Builds the bundled vocabulary tables in src/dcat/vocab/ from the EU authority tables in shared/fixtures/vocab/
// (and two small hand-written tables: access rights and languages, which have no fixture). The output is committed:
// fresh clones and CI never run this; it documents where every label comes from. Run: node scripts/build-vocab.mjs
// [--src <vocab folder>] [--check] (--check exits 1 when the committed files differ from a fresh build).
//
// Output: one TypeScript module per table (the reference the tests read), `export default { "<concept uri>": { "sv": …, "en": …, "de": … } }`
// (only sv/en/de skos:prefLabel; file types additionally keep `code`, the URI's last segment, because their
// labels are English only). TypeScript modules rather than .json files so the same import works unchanged in
// Node (tsx), the Vite build and the browser test runner (whose esbuild transform drops JSON import attributes).
// Provenance and licences: NOTICE.md.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as $rdf from 'rdflib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const srcArg = args.indexOf('--src');
const vocabDir = srcArg >= 0 ? resolve(args[srcArg + 1]) : resolve(root, '../shared/fixtures/vocab');
const outDir = join(root, 'src/dcat/vocab');
const check = args.includes('--check');
// The EU country table and GEMET are not among shared/fixtures/vocab: their files (as found, see NOTICE.md) are read
// from --extra <folder> (default: the --src folder). Without them those tables keep their committed modules.
const extraArg = args.indexOf('--extra');
const extraDir = extraArg >= 0 ? resolve(args[extraArg + 1]) : vocabDir;

const SKOS = 'http://www.w3.org/2004/02/skos/core#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const LANGS = ['sv', 'en', 'de'];
const AUTH = 'http://publications.europa.eu/resource/authority/';

/** name → source file, media type, and which concept URIs to keep. */
const SOURCES = [
  { name: 'data-theme', file: 'data-theme-skos.rdf', type: 'application/rdf+xml', prefix: `${AUTH}data-theme/` },
  { name: 'file-type', file: 'filetypes-skos.rdf', type: 'application/rdf+xml', prefix: `${AUTH}file-type/`, code: true },
  { name: 'licence', file: 'licences-skos.rdf', type: 'application/rdf+xml', prefix: `${AUTH}licence/` },
  { name: 'frequency', file: 'frequencies-skos-ap-act.rdf', type: 'application/rdf+xml', prefix: `${AUTH}frequency/` },
  { name: 'hvd-category', file: 'hvd-category-scheme.ttl', type: 'text/turtle', prefix: 'http://data.europa.eu/bna/c_' },
  // piveau-data/piveau-vocabularies src/main/resources/countries-skos.rdf @ 7b29f2a4f6da (version 20181212-0)
  { name: 'country', file: 'countries-skos.rdf', type: 'application/rdf+xml', prefix: `${AUTH}country/`, extra: true },
];

// GEMET (EEA), one file per language as GeoNetwork's util-gemet publishes it (geonetwork/util-gemet thesauri/): English
// from GEMET 4.0.1 (@ b145c8d55579), German from GEMET 4.1.2 (@ 74409ebac2ee). No Swedish file exists there: Swedish
// pages read the English name, marked lang="en" (the chunk says its language). Concept numbers are stable across
// versions. ~5,500 concepts are ~45 KB gzip per language, so the table is cut into GEMET_SHARDS chunks by concept
// number: a page downloads only the shards of the concepts it shows (about 3 KB each).
const GEMET = 'http://www.eionet.europa.eu/gemet/concept/';
const GEMET_FILES = { en: 'gemet-en.rdf', de: 'gemet-de.rdf' };
const GEMET_SHARDS = 16;

// Hand-written: the EU access-right table (PUBLIC, RESTRICTED, NON_PUBLIC; SENSITIVE and CONFIDENTIAL were added
// in later versions of the table) has no fixture here. Labels follow the EU table's wording in each language.
const ACCESS_RIGHTS = {
  PUBLIC: { sv: 'Offentlig', en: 'Public', de: 'Öffentlich' },
  RESTRICTED: { sv: 'Begränsad', en: 'Restricted', de: 'Eingeschränkt' },
  NON_PUBLIC: { sv: 'Icke-offentlig', en: 'Non-public', de: 'Nicht öffentlich' },
  SENSITIVE: { sv: 'Känslig', en: 'Sensitive', de: 'Sensibel' },
  CONFIDENTIAL: { sv: 'Konfidentiell', en: 'Confidential', de: 'Vertraulich' },
};

// Hand-written subset of the EU language table (the languages a Swedish/German/European portal meets most).
const LANGUAGES = {
  SWE: { sv: 'svenska', en: 'Swedish', de: 'Schwedisch' },
  ENG: { sv: 'engelska', en: 'English', de: 'Englisch' },
  DEU: { sv: 'tyska', en: 'German', de: 'Deutsch' },
  FIN: { sv: 'finska', en: 'Finnish', de: 'Finnisch' },
  NOR: { sv: 'norska', en: 'Norwegian', de: 'Norwegisch' },
  NOB: { sv: 'norskt bokmål', en: 'Norwegian Bokmål', de: 'Norwegisch (Bokmål)' },
  NNO: { sv: 'nynorska', en: 'Norwegian Nynorsk', de: 'Norwegisch (Nynorsk)' },
  DAN: { sv: 'danska', en: 'Danish', de: 'Dänisch' },
  ISL: { sv: 'isländska', en: 'Icelandic', de: 'Isländisch' },
  FRA: { sv: 'franska', en: 'French', de: 'Französisch' },
  NLD: { sv: 'nederländska', en: 'Dutch', de: 'Niederländisch' },
  SPA: { sv: 'spanska', en: 'Spanish', de: 'Spanisch' },
  ITA: { sv: 'italienska', en: 'Italian', de: 'Italienisch' },
  POR: { sv: 'portugisiska', en: 'Portuguese', de: 'Portugiesisch' },
  POL: { sv: 'polska', en: 'Polish', de: 'Polnisch' },
  EST: { sv: 'estniska', en: 'Estonian', de: 'Estnisch' },
  LAV: { sv: 'lettiska', en: 'Latvian', de: 'Lettisch' },
  LIT: { sv: 'litauiska', en: 'Lithuanian', de: 'Litauisch' },
  RUS: { sv: 'ryska', en: 'Russian', de: 'Russisch' },
  UKR: { sv: 'ukrainska', en: 'Ukrainian', de: 'Ukrainisch' },
  ARA: { sv: 'arabiska', en: 'Arabic', de: 'Arabisch' },
  TUR: { sv: 'turkiska', en: 'Turkish', de: 'Türkisch' },
  SME: { sv: 'nordsamiska', en: 'Northern Sami', de: 'Nordsamisch' },
  FIT: { sv: 'meänkieli', en: 'Meänkieli', de: 'Meänkieli' },
  RMY: { sv: 'romani', en: 'Romani', de: 'Romani' },
  YID: { sv: 'jiddisch', en: 'Yiddish', de: 'Jiddisch' },
  MUL: { sv: 'flera språk', en: 'Multiple languages', de: 'Mehrere Sprachen' },
};
// Codes some publishers use that the EU table does not have under that name: labelled as the code they mean.
LANGUAGES.GER = LANGUAGES.DEU;
LANGUAGES.SWE_SE = LANGUAGES.SWE;

// Hand-written: the kinds of EU legislation in ELI URIs (`http://data.europa.eu/eli/reg_impl/2023/138/oj`, the HVD
// regulation), labelled "Implementing Regulation (EU) 2023/138" by vocabLabel; they load with the HVD categories.
const ELI_TYPES = {
  reg: { en: 'Regulation', sv: 'Förordning', de: 'Verordnung' },
  reg_impl: { en: 'Implementing Regulation', sv: 'Genomförandeförordning', de: 'Durchführungsverordnung' },
  reg_del: { en: 'Delegated Regulation', sv: 'Delegerad förordning', de: 'Delegierte Verordnung' },
  dir: { en: 'Directive', sv: 'Direktiv', de: 'Richtlinie' },
  dir_impl: { en: 'Implementing Directive', sv: 'Genomförandedirektiv', de: 'Durchführungsrichtlinie' },
  dir_del: { en: 'Delegated Directive', sv: 'Delegerat direktiv', de: 'Delegierte Richtlinie' },
  dec: { en: 'Decision', sv: 'Beslut', de: 'Beschluss' },
  dec_impl: { en: 'Implementing Decision', sv: 'Genomförandebeslut', de: 'Durchführungsbeschluss' },
  dec_del: { en: 'Delegated Decision', sv: 'Delegerat beslut', de: 'Delegierter Beschluss' },
};
const ELI = 'http://data.europa.eu/eli/';

// Hand-written: the ADMS publisher types (`dcterms:type` of a publisher, http://purl.org/adms/publishertype/…), labels
// after the ADMS specification's wording in each language. Small: they travel with the frequency labels.
const PUBLISHER_TYPES = {
  'Academia-ScientificOrganisation': { sv: 'Akademi/vetenskaplig organisation', en: 'Academia/Scientific organisation', de: 'Hochschule/Wissenschaftliche Einrichtung' },
  Company: { sv: 'Företag', en: 'Company', de: 'Unternehmen' },
  IndustryConsortium: { sv: 'Industrikonsortium', en: 'Industry consortium', de: 'Industriekonsortium' },
  LocalAuthority: { sv: 'Lokal myndighet', en: 'Local authority', de: 'Kommunalbehörde' },
  NationalAuthority: { sv: 'Nationell myndighet', en: 'National authority', de: 'Nationale Behörde' },
  NonGovernmentalOrganisation: { sv: 'Icke-statlig organisation', en: 'Non-governmental organisation', de: 'Nichtregierungsorganisation' },
  NonProfitOrganisation: { sv: 'Ideell organisation', en: 'Non-profit organisation', de: 'Gemeinnützige Organisation' },
  'PrivateIndividual(s)': { sv: 'Privatperson(er)', en: 'Private individual(s)', de: 'Privatperson(en)' },
  RegionalAuthority: { sv: 'Regional myndighet', en: 'Regional authority', de: 'Regionalbehörde' },
  StandardisationBody: { sv: 'Standardiseringsorgan', en: 'Standardisation body', de: 'Normungsorganisation' },
  SupraNationalAuthority: { sv: 'Överstatlig myndighet', en: 'Supra-national authority', de: 'Supranationale Behörde' },
};
const PUBLISHER_TYPE = 'http://purl.org/adms/publishertype/';

// Hand-written: the 34 INSPIRE spatial data themes (http://inspire.ec.europa.eu/theme/<code>, GeoDCAT-AP
// dcat:theme), named as in Annexes I–III of Directive 2007/2/EC in each language.
const INSPIRE_THEMES = {
  ac: { sv: 'Atmosfäriska förhållanden', en: 'Atmospheric conditions', de: 'Atmosphärische Bedingungen' },
  ad: { sv: 'Adresser', en: 'Addresses', de: 'Adressen' },
  af: { sv: 'Jordbruks- och vattenbruksanläggningar', en: 'Agricultural and aquaculture facilities', de: 'Landwirtschaftliche Anlagen und Aquakulturanlagen' },
  am: { sv: 'Områden med särskild förvaltning/begränsningar/reglering samt enheter med rapporteringsskyldighet', en: 'Area management/restriction/regulation zones and reporting units', de: 'Bewirtschaftungsgebiete/Schutzgebiete/geregelte Gebiete und Berichterstattungseinheiten' },
  au: { sv: 'Administrativa enheter', en: 'Administrative units', de: 'Verwaltungseinheiten' },
  br: { sv: 'Biogeografiska regioner', en: 'Bio-geographical regions', de: 'Biogeografische Regionen' },
  bu: { sv: 'Byggnader', en: 'Buildings', de: 'Gebäude' },
  cp: { sv: 'Fastighetsområden', en: 'Cadastral parcels', de: 'Flurstücke/Grundstücke (Katasterparzellen)' },
  ef: { sv: 'Anläggningar för miljöövervakning', en: 'Environmental monitoring facilities', de: 'Umweltüberwachung' },
  el: { sv: 'Höjd', en: 'Elevation', de: 'Höhe' },
  er: { sv: 'Energiresurser', en: 'Energy resources', de: 'Energiequellen' },
  ge: { sv: 'Geologi', en: 'Geology', de: 'Geologie' },
  gg: { sv: 'System för geografiska rutnät', en: 'Geographical grid systems', de: 'Geografische Gittersysteme' },
  gn: { sv: 'Geografiska namn', en: 'Geographical names', de: 'Geografische Bezeichnungen' },
  hb: { sv: 'Livsmiljöer och biotoper', en: 'Habitats and biotopes', de: 'Lebensräume und Biotope' },
  hh: { sv: 'Människors hälsa och säkerhet', en: 'Human health and safety', de: 'Gesundheit und Sicherheit' },
  hy: { sv: 'Hydrografi', en: 'Hydrography', de: 'Gewässernetz' },
  lc: { sv: 'Marktäcke', en: 'Land cover', de: 'Bodenbedeckung' },
  lu: { sv: 'Markanvändning', en: 'Land use', de: 'Bodennutzung' },
  mf: { sv: 'Meteorologiska geografiska kännetecken', en: 'Meteorological geographical features', de: 'Meteorologisch-geografische Kennwerte' },
  mr: { sv: 'Mineraltillgångar', en: 'Mineral resources', de: 'Mineralische Bodenschätze' },
  nz: { sv: 'Områden med naturliga risker', en: 'Natural risk zones', de: 'Gebiete mit naturbedingten Risiken' },
  of: { sv: 'Oceanografiska geografiska kännetecken', en: 'Oceanographic geographical features', de: 'Ozeanografisch-geografische Kennwerte' },
  oi: { sv: 'Ortofoto', en: 'Orthoimagery', de: 'Orthofotografie' },
  pd: { sv: 'Befolkningsfördelning – demografi', en: 'Population distribution – demography', de: 'Verteilung der Bevölkerung – Demografie' },
  pf: { sv: 'Produktions- och industrianläggningar', en: 'Production and industrial facilities', de: 'Produktions- und Industrieanlagen' },
  ps: { sv: 'Skyddade områden', en: 'Protected sites', de: 'Schutzgebiete' },
  rs: { sv: 'Referenskoordinatsystem', en: 'Coordinate reference systems', de: 'Koordinatenreferenzsysteme' },
  sd: { sv: 'Artfördelning', en: 'Species distribution', de: 'Verteilung der Arten' },
  so: { sv: 'Mark', en: 'Soil', de: 'Boden' },
  sr: { sv: 'Havsområden', en: 'Sea regions', de: 'Meeresregionen' },
  su: { sv: 'Statistiska enheter', en: 'Statistical units', de: 'Statistische Einheiten' },
  tn: { sv: 'Transportnät', en: 'Transport networks', de: 'Verkehrsnetze' },
  us: { sv: 'Allmännyttiga och offentliga tjänster', en: 'Utility and governmental services', de: 'Versorgungswirtschaft und staatliche Dienste' },
};
const INSPIRE_THEME = 'http://inspire.ec.europa.eu/theme/';

function parse(file, type) {
  const store = $rdf.graph();
  const base = 'http://publications.europa.eu/resource/authority/';
  $rdf.parse(readFileSync(file, 'utf8'), store, base, type);
  return store;
}

function buildTable(src) {
  const store = parse(join(src.extra ? extraDir : vocabDir, src.file), src.type);
  const concept = $rdf.sym(`${SKOS}Concept`);
  const table = {};
  const subjects = store.each(undefined, $rdf.sym(RDF_TYPE), concept)
    .filter((s) => s.termType === 'NamedNode' && s.value.startsWith(src.prefix))
    .map((s) => s.value)
    .sort();
  for (const uri of subjects) {
    const labels = {};
    if (src.code) labels.code = uri.slice(uri.lastIndexOf('/') + 1);
    for (const lit of store.each($rdf.sym(uri), $rdf.sym(`${SKOS}prefLabel`), undefined)) {
      const lang = (lit.language || '').toLowerCase();
      if (LANGS.includes(lang) && !(lang in labels)) labels[lang] = lit.value.trim();
    }
    if (Object.keys(labels).some((k) => k !== 'code')) table[uri] = labels;
  }
  return table;
}

function handTable(base, rows) {
  return Object.fromEntries(Object.entries(rows).map(([code, labels]) => [`${base}${code}`, labels]));
}

function moduleText(name, table, provenance) {
  return `// Generated by scripts/build-vocab.mjs — do not edit. ${provenance}\n` +
    `import type { VocabTable } from '../vocab-table.ts';\n\n` +
    `const table: VocabTable = ${JSON.stringify(table)};\nexport default table;\n`;
}

const tables = [];
/** Tables whose source files are missing (optional ones): their committed modules stay as they are. */
const skipped = new Set();
for (const src of SOURCES) {
  if (src.extra && !existsSync(join(extraDir, src.file))) {
    console.warn(`${src.name}: ${join(extraDir, src.file)} not found (pass --extra <folder>); committed modules kept`);
    skipped.add(src.name);
    continue;
  }
  if (!src.extra && !existsSync(join(vocabDir, src.file))) {
    console.error(`missing ${join(vocabDir, src.file)} (pass --src <folder with the EU vocabulary files>)`);
    process.exit(1);
  }
  const where = src.extra ? `piveau-data/piveau-vocabularies src/main/resources/${src.file} @ 7b29f2a4f6da` : `shared/fixtures/vocab/${src.file}`;
  tables.push({ name: src.name, table: buildTable(src), provenance: `Source: ${where} (EU Publications Office, CC BY 4.0).` });
}
tables.push({ name: 'access-right', table: handTable(`${AUTH}access-right/`, ACCESS_RIGHTS), provenance: 'Hand-written (EU access-right table codes).' });
tables.push({ name: 'language', table: handTable(`${AUTH}language/`, LANGUAGES), provenance: 'Hand-written subset (EU language table codes).' });
tables.push({ name: 'eli-type', table: handTable(ELI, ELI_TYPES), provenance: 'Hand-written (kinds of EU legislation in ELI URIs).' });
tables.push({ name: 'publisher-type', table: handTable(PUBLISHER_TYPE, PUBLISHER_TYPES), provenance: 'Hand-written (ADMS publisher types).' });
tables.push({ name: 'inspire-theme', table: handTable(INSPIRE_THEME, INSPIRE_THEMES), provenance: 'Hand-written (INSPIRE themes, Directive 2007/2/EC Annexes I–III).' });

mkdirSync(outDir, { recursive: true });
let differs = false;
let rawTotal = 0;
let gzTotal = 0;
for (const { name, table, provenance } of tables) {
  const text = moduleText(name, table, provenance);
  const path = join(outDir, `${name}.ts`);
  const data = JSON.stringify(table);
  rawTotal += data.length;
  const gz = gzipSync(data, { level: 9 }).length;
  gzTotal += gz;
  console.log(`${name}: ${Object.keys(table).length} concepts, ${data.length} B, ${gz} B gzip`);
  if (check) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text) { console.error(`${path} is out of date`); differs = true; }
  } else {
    writeFileSync(path, text);
  }
}
// Per UI language: what the browser downloads. One module per group and language, `{ "<namespace>": { "<code>":
// "<label>" } }`, the label in that language else en, sv, de (the fallback of vocabLabel, resolved here), so a page
// loads only its own language. The themes and access rights, which every page shows, share one module that the UI
// strings of the language re-export (src/i18n/shared/<lang>.ts).
const GROUPS = { themes: ['data-theme', 'access-right'], frequency: ['frequency', 'publisher-type'], language: ['language'], licence: ['licence'], 'hvd-category': ['hvd-category', 'eli-type'], 'inspire-theme': ['inspire-theme'], 'file-type': ['file-type'], country: ['country'] };
const NAMESPACES = { ...Object.fromEntries(SOURCES.map((s) => [s.name, s.prefix])), 'access-right': `${AUTH}access-right/`, language: `${AUTH}language/`, 'eli-type': ELI, 'publisher-type': PUBLISHER_TYPE, 'inspire-theme': INSPIRE_THEME };
for (const [group, names] of Object.entries(GROUPS)) {
  if (names.some((n) => skipped.has(n))) continue;
  for (const lang of LANGS) {
    const out = {};
    for (const name of names) {
      const ns = NAMESPACES[name];
      const table = tables.find((t) => t.name === name).table;
      out[ns] = Object.fromEntries(Object.entries(table).map(([uri, l]) => [uri.slice(ns.length), l[lang] ?? l.en ?? l.sv ?? l.de ?? l.code]));
    }
    const text = `// Generated by scripts/build-vocab.mjs — do not edit. ${names.join(', ')}: labels in ${lang} (else en, sv, de); sources: NOTICE.md.\n` +
      `const tables: Readonly<Record<string, Readonly<Record<string, string>>>> = ${JSON.stringify(out)};\nexport default tables;\n`;
    const path = join(outDir, `${group}.${lang}.ts`);
    if (check) {
      if (!existsSync(path) || readFileSync(path, 'utf8') !== text) { console.error(`${path} is out of date`); differs = true; }
    } else {
      writeFileSync(path, text);
    }
  }
}
// GEMET: shards per language (en, de; no Swedish source), each module saying its language.
const gemetFiles = Object.entries(GEMET_FILES).map(([lang, file]) => [lang, join(extraDir, file)]);
if (gemetFiles.every(([, f]) => existsSync(f))) {
  const shards = Array.from({ length: GEMET_SHARDS }, () => ({ en: {}, de: {} }));
  for (const [lang, file] of gemetFiles) {
    // one language per file: a plain read of each concept's first prefLabel (rdflib takes minutes on 4 MB of RDF/XML)
    const text = readFileSync(file, 'utf8');
    const concept = /<skos:Concept rdf:about="http:\/\/www\.eionet\.europa\.eu\/gemet\/concept\/(\d+)">([\s\S]*?)<\/skos:Concept>/g;
    for (const [, id, body] of text.matchAll(concept)) {
      const label = new RegExp(`<skos:prefLabel xml:lang="${lang}">([^<]+)</skos:prefLabel>`).exec(body);
      if (label) shards[Number(id) % GEMET_SHARDS][lang][id] = unescapeXml(label[1].trim());
    }
  }
  let gz = 0;
  shards.forEach((shard, i) => {
    for (const lang of Object.keys(GEMET_FILES)) {
      const table = Object.fromEntries(Object.entries(shard[lang]).sort(([a], [b]) => Number(a) - Number(b)));
      const data = JSON.stringify({ [GEMET]: table });
      gz += gzipSync(data, { level: 9 }).length;
      const text = `// Generated by scripts/build-vocab.mjs — do not edit. GEMET concepts whose number % ${GEMET_SHARDS} = ${i}: labels in ${lang}; source: NOTICE.md.\n` +
        `/** The language of these labels (a Swedish page reads the English ones). */\nexport const lang = '${lang}';\n` +
        `const tables: Readonly<Record<string, Readonly<Record<string, string>>>> = ${data};\nexport default tables;\n`;
      const path = join(outDir, `gemet-${i}.${lang}.ts`);
      if (check) {
        if (!existsSync(path) || readFileSync(path, 'utf8') !== text) { console.error(`${path} is out of date`); differs = true; }
      } else {
        writeFileSync(path, text);
      }
    }
  });
  // The loaders of the shards, a lazy module of their own (src/dcat/vocab/more.ts imports it only when a GEMET IRI shows).
  const cases = shards.map((_, i) => `    case ${i}: return lang === 'en' ? import('./gemet-${i}.en.ts') : import('./gemet-${i}.de.ts');`).join('\n');
  const loaderText = `// Generated by scripts/build-vocab.mjs — do not edit. The GEMET chunks (src/dcat/vocab/more.ts: chunksFor()).\n` +
    `type Chunk = { readonly default: Readonly<Record<string, Readonly<Record<string, string>>>>; readonly lang: string };\n\n` +
    `/** Shard \`n\` (concept number % ${GEMET_SHARDS}) of GEMET in English or German. */\n` +
    `export function gemetShard(n: number, lang: 'en' | 'de'): Promise<Chunk> {\n  switch (n) {\n${cases}\n` +
    `    default: return Promise.reject(new RangeError(\`no GEMET shard \${n}\`));\n  }\n}\n`;
  const loaderPath = join(outDir, 'gemet-shards.ts');
  if (check) {
    if (!existsSync(loaderPath) || readFileSync(loaderPath, 'utf8') !== loaderText) { console.error(`${loaderPath} is out of date`); differs = true; }
  } else {
    writeFileSync(loaderPath, loaderText);
  }
  console.log(`gemet: ${GEMET_SHARDS} shards × en, de: ${gz} B gzip in all, ~${Math.round(gz / GEMET_SHARDS / 2)} B per shard`);
} else {
  console.warn(`gemet: ${gemetFiles.map(([, f]) => f).join(', ')} not found (pass --extra <folder>); committed modules kept`);
}

function unescapeXml(s) {
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (m, e) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'amp' ? '&' : e === 'quot' ? '"' : e === 'apos' ? "'"
      : String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))));
}

const all = gzipSync(tables.map((t) => JSON.stringify(t.table)).join('\n'), { level: 9 }).length;
console.log(`total: ${rawTotal} B, ${gzTotal} B gzip per file, ${all} B gzip together`);
if (differs) process.exit(1);
