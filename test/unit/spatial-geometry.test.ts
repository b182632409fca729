import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeCoverage, MAX_POINTS, parseGeometry, spatialCoverages } from '../../src/dcat/spatial.ts';
import { parseRdf } from '../../src/rdf/parse.ts';

const WKT = 'http://www.opengis.net/ont/geosparql#wktLiteral';
const GML = 'http://www.opengis.net/ont/geosparql#gmlLiteral';
const GEOJSON = 'https://www.iana.org/assignments/media-types/application/vnd.geo+json';

describe('WKT', () => {
  test('POLYGON → box and ring in longitude/latitude', () => {
    const c = parseGeometry('POLYGON((11.1 55.3, 24.2 55.3, 24.2 69.1, 11.1 69.1, 11.1 55.3))', WKT)!;
    assert.equal(c.kind, 'polygon');
    assert.deepEqual(c.bbox, [11.1, 55.3, 24.2, 69.1]);
    assert.equal(c.rings.length, 1);
    assert.equal(c.rings[0]!.length, 5);
  });
  test('a GeoSPARQL CRS IRI: CRS84 keeps the order, EPSG 4326 swaps latitude-first', () => {
    const a = parseGeometry('<http://www.opengis.net/def/crs/OGC/1.3/CRS84> POINT(18.07 59.33)', WKT)!;
    assert.deepEqual(a.bbox, [18.07, 59.33, 18.07, 59.33]);
    assert.equal(a.kind, 'point');
    const b = parseGeometry('<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(59.33 18.07)', WKT)!;
    assert.deepEqual(b.bbox, [18.07, 59.33, 18.07, 59.33]);
  });
  test('a projected CRS is not guessed at', () => {
    assert.equal(parseGeometry('<http://www.opengis.net/def/crs/EPSG/0/3006> POINT(674032 6580822)', WKT), undefined);
  });
  test('MULTIPOLYGON takes the outer ring of each polygon', () => {
    const c = parseGeometry('MULTIPOLYGON(((10 55,12 55,12 57,10 55)),((20 60,22 60,22 62,20 60),(20.5 60.5,21 60.5,21 61,20.5 60.5)))')!;
    assert.equal(c.kind, 'polygon');
    assert.equal(c.rings.length, 2);
    assert.deepEqual(c.bbox, [10, 55, 22, 62]);
  });
  test('ENVELOPE(minX, maxX, maxY, minY)', () => {
    const c = parseGeometry('ENVELOPE(11.1, 24.2, 69.1, 55.3)')!;
    assert.equal(c.kind, 'box');
    assert.deepEqual(c.bbox, [11.1, 55.3, 24.2, 69.1]);
    assert.equal(c.rings[0]!.length, 5);
  });
  test('simplification caps the points', () => {
    const pts = Array.from({ length: 5000 }, (_, i) => {
      const a = (i / 5000) * 2 * Math.PI;
      return `${(15 + 5 * Math.cos(a)).toFixed(5)} ${(60 + 5 * Math.sin(a)).toFixed(5)}`;
    });
    const c = parseGeometry(`POLYGON((${[...pts, pts[0]].join(',')}))`)!;
    assert.ok(c.rings[0]!.length <= MAX_POINTS, String(c.rings[0]!.length));
    assert.ok(c.rings[0]!.length > 100);
  });
});

describe('GML', () => {
  test('Envelope in CRS84 (GeoDCAT-AP example)', () => {
    const c = parseGeometry('<gml:Envelope srsName="http://www.opengis.net/def/crs/OGC/1.3/CRS84"><gml:lowerCorner>-10.58 34.56</gml:lowerCorner><gml:upperCorner>34.59 70.09</gml:upperCorner></gml:Envelope>', GML)!;
    assert.deepEqual(c.bbox, [-10.58, 34.56, 34.59, 70.09]);
    assert.equal(c.kind, 'box');
  });
  test('Envelope in EPSG:4326 (urn) is latitude first', () => {
    const c = parseGeometry('<gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>55.3 11.1</gml:lowerCorner><gml:upperCorner>69.1 24.2</gml:upperCorner></gml:Envelope>')!;
    assert.deepEqual(c.bbox, [11.1, 55.3, 24.2, 69.1]);
  });
  test('Polygon with posList', () => {
    const c = parseGeometry('<gml:Polygon srsName="http://www.opengis.net/def/crs/OGC/1.3/CRS84"><gml:exterior><gml:LinearRing><gml:posList>11 55 13 55 13 57 11 57 11 55</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>', GML)!;
    assert.equal(c.kind, 'polygon');
    assert.deepEqual(c.bbox, [11, 55, 13, 57]);
  });
  test('a DOCTYPE in a GML literal is refused', () => {
    assert.equal(parseGeometry('<!DOCTYPE x [<!ENTITY a "b">]><gml:Envelope><gml:lowerCorner>1 2</gml:lowerCorner><gml:upperCorner>3 4</gml:upperCorner></gml:Envelope>', GML), undefined);
  });
});

describe('GeoJSON', () => {
  test('Polygon (GeoDCAT-AP / Rostock style literal)', () => {
    const c = parseGeometry('{"type":"Polygon","coordinates":[[[11.9936, 54.0486], [11.9936, 54.2466], [12.3045, 54.2466], [12.3045, 54.0486], [11.9936, 54.0486]]]}', GEOJSON)!;
    assert.deepEqual(c.bbox, [11.9936, 54.0486, 12.3045, 54.2466]);
  });
  test('Point, MultiPolygon, Feature', () => {
    assert.equal(parseGeometry('{"type":"Point","coordinates":[18,59]}')!.kind, 'point');
    assert.equal(parseGeometry('{"type":"MultiPolygon","coordinates":[[[[1,1],[2,1],[2,2],[1,1]]],[[[3,3],[4,3],[4,4],[3,3]]]]}')!.rings.length, 2);
    assert.deepEqual(parseGeometry('{"type":"Feature","geometry":{"type":"Point","coordinates":[18,59]}}')!.bbox, [18, 59, 18, 59]);
  });
});

describe('malformed input never throws', () => {
  for (const bad of ['', 'POLYGON((a b, c d))', 'POLYGON((1 2, 3', 'POINT(200 100)', 'ENVELOPE(1,2,3)', '{"type":"Polygon"',
    '{"type":"Polygon","coordinates":"x"}', '<gml:Envelope><gml:lowerCorner>x</gml:lowerCorner></gml:Envelope>', 'CIRCLE(1 2, 3)',
    'POLYGON((1 2, 3 4))', 'POLYGON' + '('.repeat(10000)]) {
    test(JSON.stringify(bad.slice(0, 40)), () => assert.equal(parseGeometry(bad), undefined));
  }
});

describe('from the dataset graph, with a text alternative', () => {
  test('dcat:bbox and locn:geometry of dcterms:spatial; a named place without geometry gives none', async () => {
    const g = await parseRdf(`
      @prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dcterms: <http://purl.org/dc/terms/> .
      @prefix locn: <http://www.w3.org/ns/locn#> . @prefix gsp: <http://www.opengis.net/ont/geosparql#> .
      <https://e.org/ds> dcterms:spatial [ dcat:bbox "POLYGON((11.1 55.3, 24.2 55.3, 24.2 69.1, 11.1 69.1, 11.1 55.3))"^^gsp:wktLiteral ],
        [ locn:geometry "{\\"type\\":\\"Point\\",\\"coordinates\\":[18.07,59.33]}"^^<${GEOJSON}> ],
        <http://publications.europa.eu/resource/authority/country/SWE> .`, 'turtle', 'https://e.org/');
    const cs = spatialCoverages(g, 'https://e.org/ds');
    assert.equal(cs.length, 2);
    assert.equal(describeCoverage(cs[0]!), 'West 11.1, South 55.3, East 24.2, North 69.1');
    assert.equal(describeCoverage(cs[1]!), 'Longitude 18.07, Latitude 59.33');
    assert.equal(describeCoverage(cs[0]!, { west: 'Väst', south: 'Syd', east: 'Öst', north: 'Nord', longitude: 'Longitud', latitude: 'Latitud' }, 'sv'),
      'Väst 11,1, Syd 55,3, Öst 24,2, Nord 69,1');
  });
});
