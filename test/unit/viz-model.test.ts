// src/rich/visualization.ts: schema:diagram lookup URIs, esviz: properties, the caption, hostile values.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagramUris, layerNames, viewBox, visualizationsOf, chartTypeOf } from '../../src/rich/visualization.ts';
import { Graph } from '../../src/rdf/graph.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import type { StoreEntry } from '../../src/store/types.ts';

const STORE = 'https://data.example.org/store/';
const R = (id: string) => `${STORE}7/resource/${id}`;
const PREFIXES = `
@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> . @prefix schema: <http://schema.org/> .
@prefix esviz: <http://entryscape.com/terms/visualization/> . @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
@prefix r: <${STORE}7/resource/> .
`;
const graphOf = (ttl: string) => parseRdf(PREFIXES + ttl, 'turtle', 'https://data.example.org/');

async function entryOf(id: string, ttl: string, info = ''): Promise<StoreEntry> {
  return {
    contextId: '7', entryId: id, entryUri: `${STORE}7/entry/${id}`, resourceUri: R(id),
    metadata: await graphOf(ttl), info: await graphOf(info), relations: new Graph(),
  };
}
const relatedOf = async (...entries: Promise<StoreEntry>[]) =>
  new Map((await Promise.all(entries)).map((e) => [e.resourceUri, e]));

const DATASET = `
r:1 a dcat:Dataset ; dcterms:title "Polls"@en ;
  dcat:distribution r:2, r:3 ;
  schema:diagram r:10, r:11, r:12, r:13, r:14 ; <https://schema.org/diagram> r:10, r:15 ;
  schema:diagram "not a uri" .
`;

describe('diagramUris', () => {
  test('schema:diagram objects (http and https schema.org), named nodes only, once each, in order', async () => {
    const ds = await entryOf('1', DATASET);
    assert.deepEqual(diagramUris(ds), [R('10'), R('11'), R('12'), R('13'), R('14'), R('15')]);
  });
  test('none → empty; the dataset itself is never asked for', async () => {
    assert.deepEqual(diagramUris(await entryOf('1', 'r:1 a dcat:Dataset ; schema:diagram r:1 .')), []);
  });
});

describe('visualizationsOf', () => {
  const related = () => relatedOf(
    entryOf('2', `r:2 a dcat:Distribution ; dcterms:title "Polls as CSV"@en, "Opinionsmätningar som CSV"@sv ;
      dcat:accessURL r:20 ; dcat:downloadURL r:20 .`),
    entryOf('3', `r:3 a dcat:Distribution ; dcat:downloadURL <https://files.example.org/data/votes%20by%20party.csv> .`),
    entryOf('10', `r:10 dcterms:title "Votes by party"@en, "Röster per parti"@sv ; esviz:chartType "BAR" ;
      esviz:xAxis " Party " ; esviz:yAxis "Votes" ; esviz:operation "sum" ; esviz:encoding "windows-1252" ;
      dcterms:source r:20 .`),
    entryOf('11', `r:11 dcterms:title "Share"@en ; esviz:chartType "pie" ; esviz:xAxis "Party" ; esviz:operation "count" ;
      esviz:legendControl "false"^^xsd:boolean ;
      dcterms:source <https://files.example.org/data/votes%20by%20party.csv> .`),
    entryOf('12', `r:12 dcterms:title "Unknown kind"@en ; esviz:chartType "radar" ; dcterms:source r:20 .`),
    entryOf('13', `r:13 dcterms:title "Lakes"@en ; esviz:chartType "wms" ; esviz:wmsBaseURI "https://maps.example.org/wms" ;
      esviz:layers "[\\"lakes\\", {\\"name\\": \\"rivers\\"}, 3, \\"lakes\\"]" ; esviz:initialView "[11, 55, 24, 69]" ;
      esviz:legendControl "true" .`),
    entryOf('14', `r:14 dcterms:title "Evil"@en ; esviz:chartType "line" ; esviz:xAxis "x" ; esviz:yAxis "y" ;
      esviz:operation "drop table" ; dcterms:source <javascript:alert(1)> .`),
  );

  test('the known chart types, in diagram order, with their esviz properties; unknown types are left out', async () => {
    const models = visualizationsOf(await entryOf('1', DATASET), await related(), { lang: 'en', storeBaseUrl: STORE });
    assert.deepEqual(models.map((m) => m.chartType), ['bar', 'pie', 'wms', 'line']);
    const bar = models[0]!;
    assert.equal(bar.uri, R('10'));
    assert.deepEqual(bar.title, { value: 'Votes by party', lang: 'en' });
    assert.equal(bar.xAxis, 'Party');
    assert.equal(bar.yAxis, 'Votes');
    assert.equal(bar.operation, 'sum');
    assert.equal(bar.encoding, 'windows-1252');
    assert.equal(bar.legendControl, undefined);
  });

  test('source: the link, the caption from the distribution whose access/download URL it is, nostats for store files', async () => {
    const [bar, pie] = visualizationsOf(await entryOf('1', DATASET), await related(), { lang: 'sv', storeBaseUrl: STORE });
    assert.deepEqual(bar!.title, { value: 'Röster per parti', lang: 'sv' });
    assert.equal(bar!.source!.href, R('20'));
    assert.equal(bar!.source!.fetchHref, `${R('20')}?nostats`);
    assert.equal(bar!.source!.caption, 'Opinionsmätningar som CSV');
    // No distribution title: the file name (decoded); a foreign file gets no nostats.
    assert.equal(pie!.source!.caption, 'votes by party.csv');
    assert.equal(pie!.source!.fetchHref, undefined);
    assert.equal(pie!.operation, 'count');
    assert.equal(pie!.legendControl, false);
  });

  test('caption: the file entry\'s name, else the distribution URI, else the source URI', async () => {
    const ds = await entryOf('1', `r:1 schema:diagram r:10, r:11, r:12 ; dcat:distribution r:2 .`);
    const rel = await relatedOf(
      entryOf('2', `r:2 a dcat:Distribution ; dcat:downloadURL r:30 .`),
      entryOf('30', `r:30 a <http://entrystore.org/terms/File> .`, `r:30 rdfs:label "polls-2024.csv" .`),
      entryOf('10', `r:10 esviz:chartType "bar" ; dcterms:source r:30 .`),
      entryOf('11', `r:11 esviz:chartType "bar" ; dcterms:source <https://x.example.org/api/data> .`),
      entryOf('12', `r:12 esviz:chartType "table" ; dcterms:source r:31 .`),
    );
    const ds2 = await entryOf('1', `r:1 schema:diagram r:12 ; dcat:distribution r:4 .`);
    const rel2 = new Map(rel);
    for (const [k, v] of await relatedOf(entryOf('4', `r:4 a dcat:Distribution ; dcat:accessURL r:31 .`))) rel2.set(k, v);
    const models = visualizationsOf(ds, rel, { lang: 'en' });
    assert.deepEqual(models.map((m) => m.source?.caption), ['polls-2024.csv', 'https://x.example.org/api/data', R('31')]);
    assert.equal(visualizationsOf(ds2, rel2, { lang: 'en' })[0]!.source!.caption, R('4'));
  });

  test('wms: service URL, layer names from hostile JSON, initial view, legendControl', async () => {
    const wms = visualizationsOf(await entryOf('1', DATASET), await related(), { lang: 'en' })[2]!;
    assert.deepEqual(wms.wms, { serviceUrl: 'https://maps.example.org/wms', layers: ['lakes', 'rivers'], initialView: [11, 55, 24, 69] });
    assert.equal(wms.legendControl, true);
    assert.equal(wms.source, undefined);
  });

  test('hostile: a javascript: source is dropped, an unknown operation is none', async () => {
    const line = visualizationsOf(await entryOf('1', DATASET), await related(), { lang: 'en' })[3]!;
    assert.equal(line.source, undefined);
    assert.equal(line.operation, 'none');
  });

  test('a wms without an http(s) service has no wms part; diagrams nobody describes are left out', async () => {
    const ds = await entryOf('1', `r:1 schema:diagram r:10, r:99 .`);
    const rel = await relatedOf(entryOf('10', `r:10 esviz:chartType "wms" ; esviz:wmsBaseURI "javascript:alert(1)" .`));
    const models = visualizationsOf(ds, rel, { lang: 'en' });
    assert.equal(models.length, 1);
    assert.equal(models[0]!.wms, undefined);
  });

  test('a visualization described in the dataset\'s own graph (harvested) counts too', async () => {
    const ds = await entryOf('1', `r:1 schema:diagram <https://ext.example.org/viz/1> .
      <https://ext.example.org/viz/1> esviz:chartType "line" ; esviz:xAxis "year" ; esviz:yAxis "n" .`);
    const [m] = visualizationsOf(ds, new Map(), { lang: 'en' });
    assert.equal(m!.chartType, 'line');
    assert.equal(m!.xAxis, 'year');
  });
});

describe('esviz value readers', () => {
  test('chartTypeOf: the six types in any case, nothing else', () => {
    assert.deepEqual(['Bar', 'LINE', ' pie ', 'map', 'table', 'wms', 'radar', '', undefined].map(chartTypeOf),
      ['bar', 'line', 'pie', 'map', 'table', 'wms', undefined, undefined, undefined]);
  });
  test('layerNames: JSON lists, objects with a name, comma text; junk ignored', () => {
    assert.deepEqual(layerNames(['["a","b"]']), ['a', 'b']);
    assert.deepEqual(layerNames(['a, b ,c']), ['a', 'b', 'c']);
    assert.deepEqual(layerNames(['"single"']), ['single']);
    assert.deepEqual(layerNames(['{"not":"a list"}', '[1, null, {"name": 2}, "ok"]', '[broken']), ['ok']);
    assert.deepEqual(layerNames([`[${'"x",'.repeat(10000)}"y"]`]), []);
  });
  test('viewBox: four numbers in degrees, or metres of EPSG:3857; anything else undefined', () => {
    assert.deepEqual(viewBox('[11, 55, 24, 69]'), [11, 55, 24, 69]);
    assert.deepEqual(viewBox('{"extent": ["11", "55", "24", "69"]}'), [11, 55, 24, 69]);
    const m = viewBox('[1224514, 7361866, 2671667, 10898940]')!;
    assert.ok(Math.abs(m[0] - 11) < 0.01 && Math.abs(m[1] - 55) < 0.01 && Math.abs(m[2] - 24) < 0.01 && Math.abs(m[3] - 69.47) < 0.01, String(m));
    for (const bad of ['[1,2,3]', '[24, 55, 11, 69]', '["a",1,2,3]', '{"x":1}', 'nope', '[1e400, 0, 1, 1]', undefined]) {
      assert.equal(viewBox(bad), undefined, String(bad));
    }
  });
});
