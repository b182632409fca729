import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { capabilitiesUrl, isWms, wmsMaps, wmsMapsFromModels, wmsMapsOf, wmsServiceUrl } from '../../src/dcat/wms.ts';
import type { DistributionModel } from '../../src/dcat/model.ts';
import { Reader } from '../../src/dcat/read.ts';
import { parseRdf } from '../../src/rdf/parse.ts';
import { namedNode } from '../../src/rdf/graph.ts';

describe('WMS detection (§6.4)', () => {
  test('formats WMS, application/vnd.ogc.wms_xml and the EU file type, any case', () => {
    assert.equal(isWms({ formats: ['wms'] }), true);
    assert.equal(isWms({ formats: ['Application/VND.OGC.WMS_XML'] }), true);
    assert.equal(isWms({ formats: ['http://publications.europa.eu/resource/authority/file-type/WMS_SRVC'] }), true);
    assert.equal(isWms({ formats: ['text/csv', 'WFS'] }), false);
  });
  test('conformsTo the OGC WMS service type on the distribution or its access service', () => {
    assert.equal(isWms({ conformsTo: ['http://www.opengis.net/def/serviceType/ogc/wms'] }), true);
    assert.equal(isWms({ conformsTo: ['http://www.opengis.net/def/serviceType/ogc/wfs'] }), false);
  });
  test('URL patterns: service=wms, request=getcapabilities with wms, a /wms path segment', () => {
    assert.equal(isWms({ accessUrls: ['https://x.org/ows?SERVICE=WMS'] }), true);
    assert.equal(isWms({ endpointUrls: ['https://x.org/geoserver/wms'] }), true);
    assert.equal(isWms({ accessUrls: ['https://wms.x.org/ows?request=GetCapabilities'] }), true);
    assert.equal(isWms({ accessUrls: ['https://x.org/ows?request=GetCapabilities'] }), false);
    assert.equal(isWms({ accessUrls: ['https://x.org/wmsdata/file.csv'] }), false);
  });
});

describe('capabilities URL', () => {
  test('adds request and service with ? when there is no query', () => {
    assert.equal(capabilitiesUrl('https://x.org/geoserver/wms'), 'https://x.org/geoserver/wms?request=GetCapabilities&service=WMS');
  });
  test('adds with & after an existing query, keeps what is there', () => {
    assert.equal(capabilitiesUrl('https://x.org/ows?map=a.map'), 'https://x.org/ows?map=a.map&request=GetCapabilities&service=WMS');
    assert.equal(capabilitiesUrl('https://x.org/ows?SERVICE=WMS'), 'https://x.org/ows?SERVICE=WMS&request=GetCapabilities');
    assert.equal(capabilitiesUrl('https://x.org/ows?REQUEST=GetCapabilities&service=wms'), 'https://x.org/ows?REQUEST=GetCapabilities&service=wms');
    assert.equal(capabilitiesUrl('https://x.org/ows?'), 'https://x.org/ows?request=GetCapabilities&service=WMS');
    assert.equal(capabilitiesUrl('https://x.org/ows?a=1&'), 'https://x.org/ows?a=1&request=GetCapabilities&service=WMS');
  });
  test('drops a fragment, refuses non-http(s)', () => {
    assert.equal(capabilitiesUrl('https://x.org/wms#top'), 'https://x.org/wms?request=GetCapabilities&service=WMS');
    assert.equal(capabilitiesUrl('javascript:alert(1)//wms'), undefined);
    assert.equal(capabilitiesUrl('ftp://x.org/wms'), undefined);
    assert.equal(capabilitiesUrl('/relative/wms'), undefined);
  });
  test('forceHttps and a proxy template', () => {
    assert.equal(capabilitiesUrl('http://x.org/wms', { forceHttps: true }), 'https://x.org/wms?request=GetCapabilities&service=WMS');
    assert.equal(capabilitiesUrl('http://x.org/wms', { proxy: 'https://p.org/proxy?u=${encoded}' }),
      `https://p.org/proxy?u=${encodeURIComponent('http://x.org/wms?request=GetCapabilities&service=WMS')}`);
    assert.equal(capabilitiesUrl('http://x.org/wms', { proxy: 'https://p.org/${md5}', md5: () => 'abc' }), 'https://p.org/abc');
  });
});

describe('maps per dataset', () => {
  test('one map per distinct capabilities URL; non-WMS distributions give none', () => {
    const maps = wmsMaps([
      { uri: 'd1', formats: ['WMS'], accessUrls: ['https://x.org/wms'] },
      { uri: 'd2', conformsTo: ['http://www.opengis.net/def/serviceType/ogc/wms'], endpointUrls: ['HTTPS://X.org/wms'] },
      { uri: 'd3', formats: ['text/csv'], accessUrls: ['https://x.org/data.csv'] },
      { uri: 'd4', formats: ['WMS'], accessUrls: ['https://y.org/ows?service=WMS'] },
      { uri: 'd5', formats: ['WMS'], accessUrls: ['javascript:alert(1)'] },
    ]);
    assert.deepEqual(maps.map((m) => m.capabilitiesUrl), [
      'https://x.org/wms?request=GetCapabilities&service=WMS',
      'https://y.org/ows?service=WMS&request=GetCapabilities',
    ]);
    assert.deepEqual(maps[0]!.distributions, ['d1', 'd2']);
    assert.equal(maps[0]!.serviceUrl, 'https://x.org/wms');
  });
  test('the service URL prefers a URL that looks like a WMS, then the endpoint URL', () => {
    assert.equal(wmsServiceUrl({ accessUrls: ['https://x.org/page.html'], endpointUrls: ['https://x.org/geo/wms'] }), 'https://x.org/geo/wms');
    assert.equal(wmsServiceUrl({ accessUrls: ['https://x.org/page.html'], endpointUrls: ['https://x.org/ows'] }), 'https://x.org/ows');
    assert.equal(wmsServiceUrl({ accessUrls: ['https://x.org/ows'] }), 'https://x.org/ows');
  });
  test('read from the graph: conformsTo and endpointURL on the access service', async () => {
    const g = await parseRdf(`
      @prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
      <https://e.org/d1> a dcat:Distribution ; dcat:accessURL <https://e.org/info.html> ; dcat:accessService [
        a dcat:DataService ; dcterms:conformsTo <http://www.opengis.net/def/serviceType/ogc/wms> ;
        dcat:endpointURL <https://maps.e.org/ows> ] .
      <https://e.org/d2> a dcat:Distribution ; dcterms:format [ <http://www.w3.org/1999/02/22-rdf-syntax-ns#value> "WMS" ] ;
        dcat:accessURL <https://maps.e.org/ows> .
      <https://e.org/d3> a dcat:Distribution ; dcterms:format "text/csv" ; dcat:accessURL <https://e.org/a.csv> .`,
    'turtle', 'https://e.org/');
    const r = new Reader(g, new Map(), 'en');
    const nodes = ['d1', 'd2', 'd3'].map((d) => ({ graph: g, term: namedNode(`https://e.org/${d}`) }));
    const maps = wmsMapsOf(r, nodes);
    assert.equal(maps.length, 1);
    assert.equal(maps[0]!.capabilitiesUrl, 'https://maps.e.org/ows?request=GetCapabilities&service=WMS');
    assert.deepEqual(maps[0]!.distributions, ['https://e.org/d1', 'https://e.org/d2']);
  });
});

test('from view models: only isWms distributions, by access URL', () => {
  const d = (uri: string, isWms: boolean, accessUrl?: string): DistributionModel => ({
    uri, formats: [], isApi: false, files: [], isCsv: false, isWms, fields: [], ...(accessUrl ? { accessUrl } : {}),
  });
  const maps = wmsMapsFromModels([d('a', true, 'https://x.org/wms'), d('b', false, 'https://y.org/wms'), d('c', true, 'https://x.org/wms'), d('d', true)]);
  assert.deepEqual(maps, [{ capabilitiesUrl: 'https://x.org/wms?request=GetCapabilities&service=WMS', serviceUrl: 'https://x.org/wms', distributions: ['a', 'c'] }]);
});
