/**
 * The demo catalog's rich content (issue 9) as the dev store serves it: visualization entries and the CSV files they
 * draw, the files of the CSV distributions, the offline WMS distribution, spatial coverage literals, indicator
 * properties, and showcases / ideas found by the inverse dcterms:source query. Everything must work offline.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { DCAT, DCT, RDF_TYPE, esc, getJson, repoRoot, searchUrl, startStore } from './helpers.ts';

const DEMO_CATALOG = path.join(repoRoot, 'demo/catalog/demo-catalog.ttl');
const FILES = path.join(repoRoot, 'demo/catalog/files');
const DEMO = 'https://demo.catalog-blocks.example/';
const ESVIZ = 'http://entryscape.com/terms/visualization/';
const ESTERMS = 'http://entryscape.com/terms/';
const SCHEMA = 'http://schema.org/';
const DCATAP = 'http://data.europa.eu/r5r/';
const LOCN = 'http://www.w3.org/ns/locn#';
const GSP = 'http://www.opengis.net/ont/geosparql#';
const EU = 'http://publications.europa.eu/resource/authority/';

const POLLS = 'https://github.com/MansMeg/SwedishPolls';
const GEODATA = `${DEMO}dataset/swedish-geodata`;
const MAPS = `${DEMO}dataset/demo-maps`;
const INDICATORS = `${DEMO}dataset/indicator-example`;

/** dataset → its visualizations: [uri, chart type, file it draws (in demo/catalog/files) or undefined]. */
const VISUALIZATIONS: Record<string, [string, string, string | undefined][]> = {
  [POLLS]: [
    [`${DEMO}visualization/polls-per-company`, 'bar', 'SwedishPolls-Polls.csv'],
    [`${DEMO}visualization/respondents-per-company`, 'bar', 'SwedishPolls-Polls.csv'],
    [`${DEMO}visualization/social-democrats-over-time`, 'line', 'SwedishPolls-Polls.csv'],
  ],
  [GEODATA]: [
    [`${DEMO}visualization/counties-table`, 'table', 'swedish-geodata-counties.csv'],
    [`${DEMO}visualization/municipalities-per-county`, 'pie', 'swedish-geodata-municipalities.csv'],
  ],
  [MAPS]: [
    [`${DEMO}visualization/centroids-map`, 'map', 'demo-maps-centroids.csv'],
    [`${DEMO}visualization/wms-layers`, 'wms', undefined],
  ],
};

/** The ten datasets of the catalog before issue 9: their URIs must keep working. */
const EARLIER_DATASETS = [
  'http://www.example.org/dataset/12345678-9abc-4729-9044-f4d4ceaed491', 'https://data.exampleMS.gov/id/dataset/1T2p3o4B',
  'https://data.exampleMS.gov/id/dataset/1W2o3p4T', 'https://data.gov.gr/id/dataset/BeePopulation2000',
  'https://data.gov.gr/id/dataset/BeePopulation2022', 'https://data.gov.gr/id/dataset/BeePopulation2023',
  'https://example.com/dataset1', 'https://github.com/civictechsweden/oppna-luftfartygsregistret', POLLS,
  'https://some.catalogue/resource/eea_r_3035_10_m_noise-contours-end2017_i_2016_v01_r00',
];

const md5h8 = (iri: string): string => createHash('md5').update(iri, 'utf8').digest('hex').slice(0, 8);

type RdfJson = Record<string, Record<string, { type: string; value: string; lang?: string; datatype?: string }[]>>;
interface Child { contextId: string; entryId: string; metadata: RdfJson; info: RdfJson }

describe('demo catalog: rich dataset content served by the dev store', () => {
  let server: StoreServer;
  let origin: string;

  /** Every entry matching a Solr query (one page is enough here). */
  async function search(query: string): Promise<Child[]> {
    const r = await getJson(searchUrl(server.url, query, { limit: 100 }));
    assert.equal(r.status, 200, `${query}: ${JSON.stringify(r.body)}`);
    return r.body.resource.children as Child[];
  }
  /** The metadata graph of the entry with this resource URI, through the search API. */
  async function metadataOf(uri: string): Promise<RdfJson> {
    const hits = await search(`resource:${esc(uri)}`);
    assert.equal(hits.length, 1, `one entry for ${uri}`);
    return hits[0]!.metadata;
  }
  const values = (md: RdfJson, s: string, p: string): string[] => (md[s]?.[p] ?? []).map((o) => o.value);
  const one = (md: RdfJson, s: string, p: string): string => {
    const v = values(md, s, p);
    assert.equal(v.length, 1, `${s} ${p}: ${JSON.stringify(v)}`);
    return v[0]!;
  };

  before(async () => {
    server = await startStore([DEMO_CATALOG]);
    origin = new URL(server.url).origin;
  });
  after(() => server.close());

  it('13 datasets in the store (the ten earlier ones keep their URIs) and the catalog links every one', async () => {
    const datasets = await search(`rdfType:${esc(`${DCAT}Dataset`)}`);
    const uris = datasets.map((c) => Object.keys(c.metadata).find((s) => c.metadata[s]?.[RDF_TYPE]?.some((t) => t.value === `${DCAT}Dataset`)));
    assert.equal(datasets.length, 13);
    for (const u of [...EARLIER_DATASETS, GEODATA, MAPS, INDICATORS]) assert.ok(uris.includes(u), u);
    const catalog = await metadataOf(`${DEMO}catalog`);
    assert.equal(values(catalog, `${DEMO}catalog`, `${DCAT}dataset`).length, 14); // 13 datasets + 1 series
  });

  it('each dataset\'s schema:diagram values resolve to visualization entries, one of each chart type', async () => {
    const types = new Set<string>();
    for (const [dataset, vizs] of Object.entries(VISUALIZATIONS)) {
      const md = await metadataOf(dataset);
      assert.deepEqual(values(md, dataset, `${SCHEMA}diagram`).sort(), vizs.map(([u]) => u).sort(), dataset);
      for (const [uri, chartType] of vizs) {
        const v = await metadataOf(uri);
        assert.deepEqual(values(v, uri, RDF_TYPE), [`${ESVIZ}Visualization`]);
        assert.equal(one(v, uri, `${ESVIZ}chartType`), chartType);
        const titles = v[uri]![`${DCT}title`]!.map((t) => t.lang).sort();
        assert.deepEqual(titles, ['en', 'sv'], `${uri} has titles in sv and en`);
        types.add(chartType);
      }
    }
    assert.deepEqual([...types].sort(), ['bar', 'line', 'map', 'pie', 'table', 'wms']);
  });

  it('every CSV a visualization draws is a store file served as text/csv, holding the columns it names', async () => {
    for (const [dataset, vizs] of Object.entries(VISUALIZATIONS)) {
      const ds = await metadataOf(dataset);
      const distributions = values(ds, dataset, `${DCAT}distribution`);
      for (const [uri, , file] of vizs) {
        if (!file) continue;
        const v = await metadataOf(uri);
        const source = one(v, uri, `${DCT}source`);
        assert.match(source, new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}1/resource/\\d+$`), `${uri}: a store file`);
        const res = await fetch(source);
        assert.equal(res.status, 200, source);
        assert.equal(res.headers.get('content-type'), 'text/csv');
        const body = Buffer.from(await res.arrayBuffer());
        assert.equal(Buffer.compare(body, await readFile(path.join(FILES, file))), 0, `${source} is ${file}`);
        const header = body.toString('utf8').split('\n')[0]!.split(',');
        for (const p of ['xAxis', 'yAxis', 'featureTitle']) {
          for (const col of values(v, uri, `${ESVIZ}${p}`)) assert.ok(header.includes(col), `${uri} ${p} ${col} in ${header}`);
        }
        // the caption rule finds the distribution whose download URL is the file, among the dataset's distributions
        const owners = (await search(`rdfType:${esc(`${DCAT}Distribution`)} AND metadata.predicate.uri.${md5h8(`${DCAT}downloadURL`)}:${esc(source)}`))
          .map((c) => Object.keys(c.metadata).find((s) => values(c.metadata, s, `${DCAT}downloadURL`).includes(source)));
        assert.equal(owners.length, 1, `${source}: one distribution`);
        assert.ok(distributions.includes(owners[0]!), `${owners[0]} is a distribution of ${dataset}`);
      }
    }
  });

  it('the CSV distributions to preview have exactly one download URL, the store file, and their API answers', async () => {
    const csvs: [string, string, number][] = [
      ['https://github.com/MansMeg/SwedishPolls/blob/master/Data/Polls.csv', 'SwedishPolls-Polls.csv', 2636],
      [`${DEMO}distribution/swedish-geodata-counties`, 'swedish-geodata-counties.csv', 21],
      [`${DEMO}distribution/swedish-geodata-municipalities`, 'swedish-geodata-municipalities.csv', 290],
      [`${DEMO}distribution/swedish-geodata-postal`, 'swedish-geodata-postal_to_municipality.csv', 15463],
      [`${DEMO}distribution/demo-maps-centroids`, 'demo-maps-centroids.csv', 5],
    ];
    for (const [dist, file, rows] of csvs) {
      const md = await metadataOf(dist);
      const download = one(md, dist, `${DCAT}downloadURL`);
      assert.ok(download.startsWith(server.url), `${dist}: ${download}`);
      const res = await fetch(download);
      assert.equal(res.headers.get('content-type'), 'text/csv');
      const text = await res.text();
      assert.equal(text, await readFile(path.join(FILES, file), 'utf8'));
      assert.equal(text.trim().split('\n').length - 1, rows, `${file} rows`);
    }
    for (const [id, rows] of [['swedish-geodata-counties', 21], ['swedish-geodata-postal', 15463], ['demo-maps-centroids', 5]] as const) {
      const info = await getJson(`${origin}/rowstore/dataset/${id}/info`);
      assert.equal(info.status, 200, id);
      assert.equal(info.body.rowcount, rows, id);
    }
  });

  it('the points CSV of the map has numeric longitude/latitude inside Sweden on every row', async () => {
    const v = await metadataOf(`${DEMO}visualization/centroids-map`);
    const text = await (await fetch(one(v, `${DEMO}visualization/centroids-map`, `${DCT}source`))).text();
    const [head, ...rows] = text.trim().split('\n');
    const cols = head!.split(',');
    const lon = cols.indexOf('longitude');
    const lat = cols.indexOf('latitude');
    assert.ok(lon >= 0 && lat >= 0, head);
    assert.ok(rows.length >= 5);
    for (const row of rows) {
      const cells = row.split(',');
      const x = Number(cells[lon]);
      const y = Number(cells[lat]);
      assert.ok(Number.isFinite(x) && x > 10.5 && x < 24.5, `longitude ${cells[lon]} in ${row}`);
      assert.ok(Number.isFinite(y) && y > 55 && y < 69.5, `latitude ${cells[lat]} in ${row}`);
    }
  });

  it('the WMS distribution and the wms visualization point at the dev store\'s own /wms, whose capabilities have the layers', async () => {
    const wms = `${DEMO}distribution/demo-maps-wms`;
    const d = await metadataOf(wms);
    assert.equal(one(d, wms, `${DCAT}accessURL`), `${origin}/wms`);
    assert.equal(one(d, wms, `${DCT}conformsTo`), 'http://www.opengis.net/def/serviceType/ogc/wms');
    assert.equal(one(d, wms, `${DCT}format`), `${EU}file-type/WMS_SRVC`);
    const vizUri = `${DEMO}visualization/wms-layers`;
    const v = await metadataOf(vizUri);
    assert.equal(one(v, vizUri, `${ESVIZ}wmsBaseURI`), `${origin}/wms`);
    const layers = (JSON.parse(one(v, vizUri, `${ESVIZ}layers`)) as { name: string }[]).map((l) => l.name);
    assert.deepEqual(layers, ['lakes', 'sweden']);
    const view = JSON.parse(one(v, vizUri, `${ESVIZ}initialView`)) as number[];
    assert.equal(view.length, 4);
    assert.ok(view[0]! < view[2]! && view[1]! < view[3]!, 'west < east, south < north (EPSG:3857 metres)');
    for (const version of ['1.1.1', '1.3.0']) {
      const res = await fetch(`${origin}/wms?service=WMS&request=GetCapabilities&version=${version}`);
      assert.equal(res.status, 200);
      const xml = await res.text();
      for (const name of layers) assert.ok(xml.includes(`<Name>${name}</Name>`), `${version} lists ${name}`);
    }
  });

  it('spatial coverage: a WKT dcat:bbox, a GeoJSON locn:geometry, and a named place that stays a URI', async () => {
    const g = await metadataOf(GEODATA);
    const places = g[GEODATA]![`${DCT}spatial`]!;
    assert.ok(places.some((p) => p.type === 'uri' && p.value === `${EU}country/SWE`));
    const box = places.find((p) => p.type === 'bnode')!;
    const bbox = g[box.value]![`${DCAT}bbox`]![0]!;
    assert.equal(bbox.datatype, `${GSP}wktLiteral`);
    assert.match(bbox.value, /^POLYGON\(\(11\.2 55\.34, 24\.15 55\.34, 24\.15 69\.06, 11\.2 69\.06, 11\.2 55\.34\)\)$/);
    const m = await metadataOf(MAPS);
    const mBox = m[MAPS]![`${DCT}spatial`]![0]!;
    const geometry = m[mBox.value]![`${LOCN}geometry`]![0]!;
    assert.equal(geometry.datatype, `${GSP}geoJSONLiteral`);
    const geo = JSON.parse(geometry.value) as { type: string; coordinates: number[][][] };
    assert.equal(geo.type, 'Polygon');
    assert.equal(geo.coordinates[0]!.length, 5);
  });

  it('indicator properties: restricted access, fee, yearly, CC BY 4.0 and the HVD regulation on the example; public CC0 elsewhere', async () => {
    const i = await metadataOf(INDICATORS);
    assert.equal(one(i, INDICATORS, `${DCT}accessRights`), `${EU}access-right/RESTRICTED`);
    assert.equal(one(i, INDICATORS, `${DCT}accrualPeriodicity`), `${EU}frequency/ANNUAL`);
    assert.equal(one(i, INDICATORS, `${DCT}license`), 'http://creativecommons.org/licenses/by/4.0/');
    assert.equal(one(i, INDICATORS, `${DCATAP}applicableLegislation`), 'http://data.europa.eu/eli/reg_impl/2023/138/oj');
    assert.equal(values(i, INDICATORS, `${SCHEMA}offers`).length, 1);
    for (const ds of [GEODATA, MAPS, POLLS]) {
      const md = await metadataOf(ds);
      assert.equal(one(md, ds, `${DCT}accessRights`), `${EU}access-right/PUBLIC`, ds);
      assert.match(one(md, ds, `${DCT}license`), /^https?:\/\/creativecommons\.org\/publicdomain\/zero\/1\.0\/$/, ds);
    }
  });

  it('showcases and ideas are found by rdfType + metadata.predicate.uri.<hash of dcterms:source> = the dataset', async () => {
    const expected: Record<string, { Result: string[]; Idea: string[] }> = {
      [POLLS]: { Result: [`${DEMO}showcase/swedishpolls-r-package`], Idea: [`${DEMO}idea/polls-against-elections`] },
      [GEODATA]: { Result: [], Idea: [`${DEMO}idea/postal-code-lookup`] },
      [MAPS]: { Result: [`${DEMO}showcase/catalog-blocks-map-demo`], Idea: [] },
      [INDICATORS]: { Result: [], Idea: [] },
    };
    const source = `metadata.predicate.uri.${md5h8(`${DCT}source`)}`;
    for (const [dataset, want] of Object.entries(expected)) {
      const hits = await search(`(rdfType:${esc(`${ESTERMS}Result`)} OR rdfType:${esc(`${ESTERMS}Idea`)}) AND ${source}:${esc(dataset)}`);
      const got: { Result: string[]; Idea: string[] } = { Result: [], Idea: [] };
      for (const h of hits) {
        const uri = Object.keys(h.metadata).find((s) => values(h.metadata, s, `${DCT}source`).includes(dataset))!;
        const type = values(h.metadata, uri, RDF_TYPE).includes(`${ESTERMS}Result`) ? 'Result' : 'Idea';
        got[type].push(uri);
        assert.equal(h.metadata[uri]![`${DCT}title`]!.length, 2, `${uri}: titles in sv and en`);
        assert.ok((h.metadata[uri]![`${DCT}description`] ?? []).length >= 1, `${uri}: a description`);
      }
      assert.deepEqual(got, want, dataset);
    }
  });
});
