import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import { CapabilitiesError, drawOrder, MAX_CAPABILITIES_CHARS, parseCapabilities, type XmlParser } from '../../src/wms/capabilities.ts';

const xmldom = DOMParser as unknown as XmlParser;
const URL_ = 'https://maps.example.org/ows?service=WMS&request=GetCapabilities';

// Every suite runs twice: with the built-in parser (src/wms/xml.ts, what the browser uses) and with @xmldom/xmldom
// as a cross-check that the reader sees the same tree.
for (const [parserName, parser] of [['built-in parser', undefined], ['xmldom', xmldom]] as const) {
const parse = (xml: string) => parseCapabilities(xml, { ...(parser ? { parser } : {}), url: URL_ });

const V111 = `<?xml version="1.0" encoding="UTF-8"?>
<WMT_MS_Capabilities version="1.1.1" xmlns:xlink="http://www.w3.org/1999/xlink">
 <Service><Name>OGC:WMS</Name><Title>Counties &amp; lakes</Title></Service>
 <Capability>
  <Request>
   <GetMap><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:type="simple" xlink:href="https://maps.example.org/getmap?map=x&amp;"/></Get></HTTP></DCPType></GetMap>
   <GetLegendGraphic><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="https://maps.example.org/legend?"/></Get></HTTP></DCPType></GetLegendGraphic>
  </Request>
  <Layer><Title>Root</Title><SRS>EPSG:4326</SRS><SRS>EPSG:3857</SRS>
   <LatLonBoundingBox minx="10" miny="55" maxx="25" maxy="69"/>
   <Style><Name>default</Name><Title>Default</Title><LegendURL width="20" height="20"><Format>image/png</Format><OnlineResource xlink:href="https://maps.example.org/legend.png"/></LegendURL></Style>
   <Layer queryable="1"><Name>counties</Name><Title>Counties</Title><Abstract>Coarse outlines</Abstract>
     <LatLonBoundingBox minx="11" miny="55.3" maxx="24.2" maxy="69.1"/></Layer>
   <Layer><Name>lakes</Name><Title>Lakes</Title>
     <BoundingBox SRS="EPSG:4326" minx="12" miny="57" maxx="16" maxy="60"/>
     <Style><Name>blue</Name><LegendURL><OnlineResource xlink:href="javascript:alert(1)"/></LegendURL></Style></Layer>
   <Layer><Title>Group without name</Title><Layer><Name>inherits</Name><Title>Inherits</Title></Layer></Layer>
  </Layer>
 </Capability>
</WMT_MS_Capabilities>`;

const V130 = `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink"
  xmlns:sld="http://www.opengis.net/sld">
 <Service><Name>WMS</Name><Title>&lt;img src=x onerror=alert(1)&gt;</Title></Service>
 <Capability>
  <Request>
   <GetMap><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="/relative/wms?"/></Get></HTTP></DCPType></GetMap>
   <sld:GetLegendGraphic><Format>image/png</Format><DCPType><HTTP><Get><OnlineResource xlink:href="https://maps.example.org/wms?"/></Get></HTTP></DCPType></sld:GetLegendGraphic>
  </Request>
  <Layer><Title>Root</Title><CRS>EPSG:4326</CRS>
   <Layer><Name>a</Name><Title>A</Title>
    <EX_GeographicBoundingBox><westBoundLongitude>11</westBoundLongitude><eastBoundLongitude>13</eastBoundLongitude>
     <southBoundLatitude>55</southBoundLatitude><northBoundLatitude>57</northBoundLatitude></EX_GeographicBoundingBox>
    <BoundingBox CRS="EPSG:4326" minx="55" miny="11" maxx="57" maxy="13"/></Layer>
   <Layer><Name>b</Name><Title>B</Title><BoundingBox CRS="EPSG:4326" minx="58" miny="14" maxx="60" maxy="18"/></Layer>
   <Layer><Name>c</Name><Title>C</Title><BoundingBox CRS="EPSG:3857" minx="0" miny="0" maxx="1113194.9" maxy="1118890"/></Layer>
  </Layer>
 </Capability>
</WMS_Capabilities>`;

describe(`GetCapabilities 1.1.1 (${parserName})`, () => {
  const caps = parse(V111);
  test('version, service title as text, GetMap and GetLegendGraphic online resources', () => {
    assert.equal(caps.version, '1.1.1');
    assert.equal(caps.title, 'Counties & lakes');
    assert.equal(caps.getMapUrl, 'https://maps.example.org/getmap?map=x&');
    assert.equal(caps.getLegendGraphicUrl, 'https://maps.example.org/legend?');
    assert.deepEqual(caps.formats, ['image/png']);
  });
  test('named layers only, in document order, with title, abstract and boxes', () => {
    assert.deepEqual(caps.layers.map((l) => l.name), ['counties', 'lakes', 'inherits']);
    assert.deepEqual(caps.layers[2]!.bbox, [10, 55, 25, 69], 'the box is inherited from the parent');
    assert.equal(caps.layers[0]!.title, 'Counties');
    assert.equal(caps.layers[0]!.abstract, 'Coarse outlines');
    assert.deepEqual(caps.layers[0]!.bbox, [11, 55.3, 24.2, 69.1]);
    // lakes has no LatLonBoundingBox of its own: its EPSG:4326 BoundingBox (1.1.1: longitude first) beats the parent's
    assert.deepEqual(caps.layers[1]!.bbox, [12, 57, 16, 60]);
  });
  test('inherited style LegendURL; a javascript: LegendURL is dropped (falls back to GetLegendGraphic)', () => {
    assert.equal(caps.layers[0]!.legendUrl, 'https://maps.example.org/legend.png');
    const lakes = caps.layers[1]!;
    assert.ok(lakes.styles.every((s) => !s.legendUrl || /^https:/.test(s.legendUrl)));
    assert.equal(lakes.styles.find((s) => s.name === 'blue')!.legendUrl, undefined);
  });
  test('initial extent is the union of the layer boxes; projection EPSG:3857 when offered', () => {
    assert.deepEqual(caps.extent, [10, 55, 25, 69.1]);
    assert.equal(caps.projection, 'EPSG:3857');
  });
  test('draw order puts the first listed layer last (on top)', () => {
    assert.deepEqual(drawOrder(caps.layers).map((l) => l.name), ['inherits', 'lakes', 'counties']);
  });
});

describe(`GetCapabilities 1.3.0 (${parserName})`, () => {
  const caps = parse(V130);
  test('default namespace, relative GetMap resolved against the document URL', () => {
    assert.equal(caps.version, '1.3.0');
    assert.equal(caps.getMapUrl, 'https://maps.example.org/relative/wms?');
  });
  test('a hostile title stays plain text', () => {
    assert.equal(caps.title, '<img src=x onerror=alert(1)>');
  });
  test('EX_GeographicBoundingBox, EPSG:4326 BoundingBox in latitude-longitude order, EPSG:3857 converted', () => {
    assert.deepEqual(caps.layers.find((l) => l.name === 'a')!.bbox, [11, 55, 13, 57]);
    assert.deepEqual(caps.layers.find((l) => l.name === 'b')!.bbox, [14, 58, 18, 60]);
    const c = caps.layers.find((l) => l.name === 'c')!.bbox!;
    assert.ok(Math.abs(c[2] - 10) < 0.01 && Math.abs(c[3] - 10) < 0.05, `3857 box converted: ${c.join(',')}`);
  });
  test('legend from the advertised sld:GetLegendGraphic when a layer has no LegendURL', () => {
    const legend = new URL(caps.layers[0]!.legendUrl!);
    assert.equal(legend.origin + legend.pathname, 'https://maps.example.org/wms');
    assert.equal(legend.searchParams.get('REQUEST'), 'GetLegendGraphic');
    assert.equal(legend.searchParams.get('LAYER'), 'a');
    assert.equal(legend.searchParams.get('VERSION'), '1.3.0');
  });
  test('only EPSG:4326 offered → the map asks for EPSG:4326', () => {
    assert.equal(caps.projection, 'EPSG:4326');
  });
});

describe(`hostile and broken documents (${parserName})`, () => {
  const problem = (xml: string) => {
    try {
      parse(xml);
      return 'parsed';
    } catch (e) {
      assert.ok(e instanceof CapabilitiesError, String(e));
      return e.problem;
    }
  };
  test('an entity expansion bomb is refused before parsing', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><WMS_Capabilities version="1.3.0"><Service><Title>&lol3;</Title></Service></WMS_Capabilities>`;
    assert.equal(problem(bomb), 'doctype');
  });
  test('an external entity is refused', () => {
    assert.equal(problem(`<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><WMS_Capabilities>&xxe;</WMS_Capabilities>`), 'doctype');
  });
  test('a document over the size cap is refused', () => {
    assert.equal(problem(V130.replace('<Layer><Title>Root</Title>', `<Layer><Title>${'x'.repeat(MAX_CAPABILITIES_CHARS)}</Title>`)), 'too-large');
  });
  test('a ServiceExceptionReport, another XML document, no named layer', () => {
    assert.equal(problem('<ServiceExceptionReport version="1.1.1"><ServiceException code="x">bad</ServiceException></ServiceExceptionReport>'), 'service-exception');
    assert.equal(problem('<html><body>login</body></html>'), 'not-wms');
    assert.equal(problem('<WMS_Capabilities version="1.3.0"><Capability><Layer><Title>t</Title></Layer></Capability></WMS_Capabilities>'), 'no-layers');
  });
  test('not XML at all', () => {
    const p = problem('this is { not xml');
    assert.ok(p === 'not-xml' || p === 'not-wms', p);
  });
});
}

describe('the built-in XML parser', () => {
  test('namespaces, attributes, CDATA, character references, comments', async () => {
    const { parseXml } = await import('../../src/wms/xml.ts');
    const root = parseXml(`<?xml version="1.0"?><!-- c --><a:r xmlns:a="urn:a" xmlns="urn:d" xmlns:x="urn:x" x:k='v&amp;w'>
      <b>one &lt;two&gt; &#x41;&#66;<![CDATA[<raw>&]]></b><c/></a:r>`);
    assert.equal(root.localName, 'r');
    assert.equal(root.namespaceURI, 'urn:a');
    assert.equal(root.getAttributeNS('urn:x', 'k'), 'v&w');
    const b = root.childNodes.find((n) => n.nodeType === 1)!;
    assert.equal((b as { namespaceURI: string }).namespaceURI, 'urn:d');
    assert.equal(b.textContent, 'one <two> AB<raw>&');
  });
  test('not well-formed or refused input throws', async () => {
    const { parseXml, XmlError, MAX_DEPTH } = await import('../../src/wms/xml.ts');
    for (const bad of ['<a>', '<a></b>', '<a/><b/>', 'text', '<a>&nope;</a>', '<a>&amp</a>', '<p:a/>', '<a x="1" x="2"/>',
      '<!DOCTYPE a><a/>', '<a><!ENTITY x "y"></a>', '<a b="<"/>', '<a>&#0;</a>', '<'.repeat(3), '<a><![CDATA[x</a>',
      '<x>'.repeat(MAX_DEPTH + 1) + '</x>'.repeat(MAX_DEPTH + 1)]) {
      assert.throws(() => parseXml(bad), XmlError, bad.slice(0, 40));
    }
  });
  test('a large document parses in linear time', async () => {
    const { parseXml } = await import('../../src/wms/xml.ts');
    const layers = Array.from({ length: 5000 }, (_, i) => `<Layer><Name>l${i}</Name><Title>T &amp; ${i}</Title></Layer>`).join('');
    const root = parseXml(`<r>${layers}</r>`);
    assert.equal(root.childNodes.length, 5000);
  });
});
