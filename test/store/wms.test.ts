/** The dev store's offline WMS: capabilities (read with the blocks' own parser), GetMap PNGs, legends, exceptions. */
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { parseCapabilities } from '../../src/wms/capabilities.ts';
import { repoRoot, startStore } from './helpers.ts';
import path from 'node:path';


/** Decodes the PNGs the dev store writes (8-bit RGBA, filter 0 on every row). */
function decodePng(buf: Buffer): { width: number; height: number; pixel(x: number, y: number): number[] } {
  assert.deepEqual([...buf.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  let off = 8;
  let width = 0, height = 0;
  const idat: Buffer[] = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      assert.equal(data[8], 8);
      assert.equal(data[9], 6, 'RGBA');
    }
    if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4 + 1;
  return {
    width, height,
    pixel: (x, y) => {
      assert.equal(raw[y * stride], 0, 'filter none');
      const i = y * stride + 1 + x * 4;
      return [...raw.subarray(i, i + 4)];
    },
  };
}

describe('dev store WMS', () => {
  let s: StoreServer;
  let wms: string;
  before(async () => {
    s = await startStore([path.join(repoRoot, 'test/fixtures/blocks-catalog.ttl')]);
    wms = new URL('/wms', s.url).href;
  });
  after(() => s.close());

  for (const version of ['1.1.1', '1.3.0'] as const) {
    test(`GetCapabilities ${version}: namespaces, two named layers with boxes, LegendURL pointing at its own GetLegendGraphic`, async () => {
      const url = `${wms}?service=WMS&request=GetCapabilities&version=${version}`;
      const res = await fetch(url, { headers: { Origin: 'https://foreign.example' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://foreign.example');
      const xml = await res.text();
      if (version === '1.3.0') {
        assert.match(xml, /<WMS_Capabilities version="1\.3\.0" xmlns="http:\/\/www\.opengis\.net\/wms"/);
        assert.match(res.headers.get('content-type')!, /^text\/xml/);
      } else {
        assert.match(xml, /<WMT_MS_Capabilities version="1\.1\.1"/);
        assert.match(res.headers.get('content-type')!, /^application\/vnd\.ogc\.wms_xml/);
      }
      const caps = parseCapabilities(xml, { url });
      assert.equal(caps.version, version);
      assert.deepEqual(caps.layers.map((l) => l.name), ['lakes', 'sweden']);
      assert.equal(caps.getMapUrl, `${wms}?`);
      assert.equal(caps.projection, 'EPSG:3857');
      const sweden = caps.layers.find((l) => l.name === 'sweden')!;
      assert.ok(sweden.bbox![0] > 10 && sweden.bbox![0] < 12 && sweden.bbox![3] > 68 && sweden.bbox![3] < 70, `box ${sweden.bbox}`);
      const legend = new URL(sweden.legendUrl!);
      assert.equal(legend.origin + legend.pathname, wms);
      assert.equal(legend.searchParams.get('request'), 'GetLegendGraphic');
      const img = await fetch(legend);
      assert.equal(img.status, 200);
      assert.equal(img.headers.get('content-type'), 'image/png');
      const png = decodePng(Buffer.from(await img.arrayBuffer()));
      assert.equal(png.width, 20);
      assert.ok(png.pixel(10, 10)[3]! > 0, 'the swatch is coloured');
      assert.equal(png.pixel(0, 0)[3], 0, 'the margin is transparent');
    });
  }

  test('GetMap 1.3.0 in EPSG:4326 (latitude-first BBOX): the asked size, coloured inside Sweden, transparent in the sea', async () => {
    // lat 54..70, lon 4..28 → 240 × 160 px, 0.1° per pixel
    const res = await fetch(`${wms}?SERVICE=WMS&REQUEST=GetMap&VERSION=1.3.0&LAYERS=sweden&STYLES=&CRS=EPSG:4326&BBOX=54,4,70,28&WIDTH=240&HEIGHT=160&FORMAT=image/png&TRANSPARENT=TRUE`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    const png = decodePng(Buffer.from(await res.arrayBuffer()));
    assert.equal(png.width, 240);
    assert.equal(png.height, 160);
    const at = (lon: number, lat: number) => png.pixel(Math.floor((lon - 4) * 10), Math.floor((70 - lat) * 10));
    const inland = at(15.5, 62.5); // Jämtland/Hälsingland
    assert.ok(inland[3]! > 100 && inland[1]! > inland[0]!, `green land ${inland}`);
    assert.equal(at(6, 56)[3], 0, 'North Sea stays transparent');
    assert.equal(at(20, 58)[3], 0, 'Baltic east of Gotland stays transparent');
  });

  test('GetMap 1.1.1 in EPSG:3857, two layers: the lake is drawn over the land', async () => {
    // Vänern around lon 13.2, lat 58.9; a box of lon 10..20, lat ~55..62 in metres
    const merc = (lon: number, lat: number) => [lon * 20037508.34 / 180, Math.log(Math.tan((90 + lat) * Math.PI / 360)) * 6378137];
    const [x0, y0] = merc(10, 55);
    const [x1, y1] = merc(20, 62);
    const w = 200, h = 200;
    const res = await fetch(`${wms}?service=WMS&request=GetMap&version=1.1.1&layers=sweden,lakes&srs=EPSG:3857&bbox=${x0},${y0},${x1},${y1}&width=${w}&height=${h}&format=image/png`);
    assert.equal(res.status, 200);
    const png = decodePng(Buffer.from(await res.arrayBuffer()));
    assert.equal(png.width, w);
    const px = (lon: number, lat: number) => {
      const [x, y] = merc(lon, lat);
      return png.pixel(Math.floor((x! - x0!) / (x1! - x0!) * w), Math.floor((y1! - y!) / (y1! - y0!) * h));
    };
    const lake = px(13.2, 58.95);
    assert.ok(lake[3]! > 100 && lake[2]! > lake[1]!, `blue lake ${lake}`);
    const land = px(15.5, 60.5);
    assert.ok(land[3]! > 100 && land[1]! > land[2]!, `green land ${land}`);
  });

  test('bad requests answer a ServiceExceptionReport', async () => {
    const cases: [string, string, RegExp][] = [
      ['service=WMS&request=GetMap&version=1.3.0&layers=nope&crs=EPSG:4326&bbox=0,0,1,1&width=10&height=10', 'LayerNotDefined', /xmlns="http:\/\/www\.opengis\.net\/ogc"/],
      ['service=WMS&request=GetMap&version=1.3.0&layers=sweden&crs=EPSG:3006&bbox=0,0,1,1&width=10&height=10', 'InvalidCRS', /version="1\.3\.0"/],
      ['service=WMS&request=GetMap&version=1.1.1&layers=sweden&srs=EPSG:4326&bbox=0,0,1,1&width=99999&height=10', 'InvalidParameterValue', /version="1\.1\.1"/],
      ['service=WMS&request=GetMap&version=1.1.1&layers=sweden&srs=EPSG:4326&bbox=0,0,1&width=10&height=10', 'InvalidParameterValue', /ServiceException/],
      ['service=WMS&request=GetMap&version=1.1.1&layers=sweden&srs=EPSG:4326&bbox=0,0,1,1&width=10&height=10&format=image/jpeg', 'InvalidFormat', /ServiceException/],
      ['service=WMS&request=GetFeatureInfo', 'OperationNotSupported', /ServiceException/],
      ['service=WMS&request=GetLegendGraphic&layer=x', 'LayerNotDefined', /ServiceException/],
      ['service=WFS&request=GetCapabilities', 'InvalidParameterValue', /ServiceException/],
    ];
    for (const [q, code, shape] of cases) {
      const res = await fetch(`${wms}?${q}`);
      assert.equal(res.status, 400, q);
      const xml = await res.text();
      assert.match(xml, new RegExp(`<ServiceException code="${code}">`), q);
      assert.match(xml, shape, q);
      assert.throws(() => parseCapabilities(xml), /./, 'the blocks parser refuses an exception report');
    }
  });
});
