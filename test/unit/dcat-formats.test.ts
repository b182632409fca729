import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatBadge } from '../../src/dcat/formats.ts';
import { isCsvFormat, isCsvUrl, isWmsDistribution, isWmsUrl } from '../../src/dcat/format-tests.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';

// UI strings and the large vocabularies are lazy chunks in the browser; these tests read every language.
await Promise.all([loadAllMessages(), loadAllVocabularies()]);

const FT = 'http://publications.europa.eu/resource/authority/file-type/';
const label = (raw: string) => formatBadge(raw).label;

describe('formatBadge', () => {
  test('MIME types → short labels (parameters and case ignored)', () => {
    const table: Record<string, string> = {
      'text/csv': 'CSV', 'text/csv; charset=utf-8': 'CSV', 'application/json': 'JSON', 'APPLICATION/JSON': 'JSON',
      'application/ld+json': 'JSON-LD', 'application/vnd.geo+json': 'GeoJSON', 'application/geo+json': 'GeoJSON',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX', 'application/vnd.ms-excel': 'XLS',
      'application/vnd.oasis.opendocument.spreadsheet': 'ODS', 'text/xml': 'XML', 'application/xml': 'XML',
      'text/html': 'HTML', 'application/pdf': 'PDF', 'application/rdf+xml': 'RDF', 'text/turtle': 'TTL',
      'application/zip': 'ZIP', 'application/vnd.google-earth.kml+xml': 'KML', 'application/x-shapefile': 'SHP',
      'application/vnd.ogc.wms_xml': 'WMS', 'application/vnd.ogc.wfs_xml': 'WFS', 'application/gml+xml': 'GML',
      'text/plain': 'TXT', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
      'image/png': 'PNG', 'image/jpeg': 'JPEG', 'application/atom+xml': 'ATOM',
    };
    for (const [raw, expected] of Object.entries(table)) assert.equal(label(raw), expected, raw);
  });

  test('free-text names and extensions', () => {
    for (const [raw, expected] of [['CSV', 'CSV'], ['.csv', 'CSV'], ['csv', 'CSV'], ['Esri Shapefile', 'SHP'], ['WMS', 'WMS'],
      ['wfs', 'WFS'], ['WMTS', 'WMTS'], ['WCS', 'WCS'], ['geojson', 'GeoJSON'], ['API', 'API'], ['jpg', 'JPEG']]) {
      assert.equal(label(raw!), expected, raw);
    }
  });

  test('EU file-type URIs → their codes, with service codes shortened', () => {
    assert.equal(label(`${FT}CSV`), 'CSV');
    assert.equal(label(`${FT}XLSX`), 'XLSX');
    assert.equal(label(`${FT}WMS_SRVC`), 'WMS');
    assert.equal(label(`${FT}WFS_SRVC`), 'WFS');
    assert.equal(label(`${FT}RDF_TURTLE`), 'TTL');
    assert.equal(label(`${FT}GEOJSON`), 'GeoJSON');
    assert.equal(label(`https://publications.europa.eu/resource/authority/file-type/JSON/`), 'JSON');
    assert.equal(label(`${FT}WMS`), 'WMS'); // newer code, not in the bundled 2018 table
  });

  test('IANA media-type URIs', () => {
    assert.equal(label('https://www.iana.org/assignments/media-types/text/csv'), 'CSV');
    assert.equal(label('http://www.iana.org/assignments/media-types/application/ZIP'), 'ZIP');
  });

  test('unknown values: MIME subtype or last URI segment upper-cased, long text shortened', () => {
    assert.equal(label('application/x-parquet'), 'PARQUET');
    assert.equal(label('application/vnd.acme.report+json'), 'JSON');
    assert.equal(label('https://example.org/formats/parquet'), 'PARQUET');
    const long = label('ArcGIS GeoServices REST API');
    assert.ok(long.length <= 12 && long.endsWith('…'), long);
    assert.equal(label('   '), '–');
  });

  test('keeps the raw value for the title and md5 class', () => {
    assert.deepEqual(formatBadge(' text/csv '), { label: 'CSV', raw: ' text/csv ' });
  });
});

describe('isCsvFormat / isCsvUrl (§6.5)', () => {
  test('all CSV spellings, any case', () => {
    for (const v of ['text/csv', 'CSV', '.csv', 'application/csv', 'text/comma-separated-values', 'TEXT/CSV', `${FT}CSV`,
      'text/csv;charset=UTF-8', 'https://www.iana.org/assignments/media-types/text/csv']) {
      assert.ok(isCsvFormat(v), v);
    }
    for (const v of ['application/json', `${FT}XLSX`, 'csv file', 'text/tab-separated-values']) assert.ok(!isCsvFormat(v), v);
  });

  test('download URL path ending in .csv', () => {
    assert.ok(isCsvUrl('https://x.example/data/Polls.CSV?download=1'));
    assert.ok(!isCsvUrl('https://x.example/data.csv.zip'));
    assert.ok(!isCsvUrl('https://x.example/?f=a.csv'));
    assert.ok(!isCsvUrl(undefined));
  });
});

describe('isWmsDistribution (§6.4)', () => {
  test('by format', () => {
    for (const f of ['WMS', 'wms', 'application/vnd.ogc.wms_xml', `${FT}WMS_SRVC`]) assert.ok(isWmsDistribution({ formats: [f] }), f);
    assert.ok(!isWmsDistribution({ formats: ['WFS', 'text/csv'] }));
  });

  test('by conformsTo of the distribution or its access service', () => {
    assert.ok(isWmsDistribution({ conformsTo: ['http://www.opengis.net/def/serviceType/ogc/wms'] }));
    assert.ok(isWmsDistribution({ conformsTo: ['https://www.opengis.net/def/serviceType/ogc/wms/'] }));
    assert.ok(!isWmsDistribution({ conformsTo: ['http://www.opengis.net/def/serviceType/ogc/wfs'] }));
  });

  test('by access / endpoint URL', () => {
    assert.ok(isWmsUrl('https://geo.example/ows?SERVICE=WMS&version=1.3.0'));
    assert.ok(isWmsUrl('https://geo.example/ows?request=GetCapabilities&layers=wms_roads'));
    assert.ok(isWmsUrl('https://geo.example/geoserver/wms'));
    assert.ok(!isWmsUrl('https://geo.example/ows?request=GetCapabilities&service=WFS'));
    assert.ok(!isWmsUrl('https://geo.example/wmsdocs/readme.html'));
    assert.ok(!isWmsUrl('not a url'));
    assert.ok(isWmsDistribution({ urls: ['https://x.example/api', 'https://geo.example/geoserver/wms?'] }));
    assert.ok(!isWmsDistribution({}));
  });
});

describe('hostile format values', () => {
  test('names of Object.prototype members are ordinary words, never a function as a label', () => {
    for (const v of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'application/constructor', 'https://x.example/valueOf']) {
      const { label } = formatBadge(v);
      assert.equal(typeof label, 'string', v);
      assert.doesNotMatch(label, /function|native code/i, v);
    }
    assert.equal(formatBadge('toString').label, 'TOSTRING');
  });
});
