/** The dev store's offline base layer (issue 28 point 6): Natural Earth country outlines as XYZ tiles at /base/tiles/. */
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import path from 'node:path';
import type { StoreServer } from '../../dev-store/server.ts';
import { repoRoot, startStore } from './helpers.ts';

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
    if (type === 'IHDR') [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
    if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4 + 1;
  return { width, height, pixel: (x, y) => [...raw.subarray(y * stride + 1 + x * 4, y * stride + 1 + x * 4 + 4)] };
}

/** Pixel of lon/lat in tile z/x/y (Web Mercator, 256 px). */
function pixelIn(z: number, x: number, y: number, lon: number, lat: number): [number, number] {
  const n = 2 ** z * 256;
  const px = ((lon + 180) / 360) * n;
  const s = Math.sin((lat * Math.PI) / 180);
  const py = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * n;
  return [Math.floor(px - x * 256), Math.floor(py - y * 256)];
}

describe('offline base layer tiles', () => {
  let store: StoreServer;
  before(async () => {
    store = await startStore([path.join(repoRoot, 'demo/catalog/demo-catalog.ttl')]);
  });
  after(() => store.close());
  const tile = (z: number, x: number, y: number) => fetch(new URL(`/base/tiles/${z}/${x}/${y}.png`, store.url));

  test('a tile over Scandinavia: Sweden is land (opaque), the North Sea off Norway is transparent', async () => {
    // z 4: tile x 8 (lon 0..22.5), y 4 (lat ~55.8..66.5)
    const res = await tile(4, 8, 4);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/);
    const png = decodePng(Buffer.from(await res.arrayBuffer()));
    assert.deepEqual([png.width, png.height], [256, 256]);
    const [sx, sy] = pixelIn(4, 8, 4, 15.5, 62.5); // Jämtland, Sweden
    assert.equal(png.pixel(sx, sy)[3], 255, 'land is opaque');
    const [wx, wy] = pixelIn(4, 8, 4, 2.0, 60.0); // North Sea
    assert.equal(png.pixel(wx, wy)[3], 0, 'sea is transparent');
  });

  test('a border is drawn between two countries (Sweden–Norway near 12.3° E, 63.3° N)', async () => {
    const png = decodePng(Buffer.from(await (await tile(6, 34, 17)).arrayBuffer()));
    const [bx, by] = pixelIn(6, 34, 17, 12.0, 63.6);
    const row = Array.from({ length: 40 }, (_, i) => png.pixel(Math.max(0, Math.min(255, bx - 20 + i)), by));
    assert.ok(row.some((p) => p[0]! < 160 && p[3] === 255), 'a grey stroke pixel on the border');
  });

  test('rings across the antimeridian (Russia, Fiji, Antarctica) fill only their land, not a band of the world', async () => {
    // z 3: tile x 4 (lon 0..45), y 2 (lat ~41..66.5) lies inside Russia's lon/lat box; found in the screenshots
    const png = decodePng(Buffer.from(await (await tile(3, 4, 2)).arrayBuffer()));
    const at = (lon: number, lat: number) => png.pixel(...pixelIn(3, 4, 2, lon, lat));
    assert.equal(at(2.0, 65.5)[3], 0, 'Norwegian Sea transparent (inside the band Russia\'s ring used to fill)');
    assert.equal(at(5.0, 66.0)[3], 0, 'Norwegian Sea transparent');
    assert.equal(at(2.0, 58.0)[3], 0, 'North Sea transparent');
    assert.equal(at(19.0, 56.0)[3], 0, 'Baltic Sea transparent');
    assert.equal(at(40.0, 55.0)[3], 255, 'Russia near Moscow is land');
    const east = decodePng(Buffer.from(await (await tile(3, 7, 2)).arrayBuffer())); // lon 135..180
    assert.equal(east.pixel(...pixelIn(3, 7, 2, 150.0, 45.0))[3], 0, 'the Pacific south of Kamchatka transparent');
    const south = decodePng(Buffer.from(await (await tile(2, 1, 3)).arrayBuffer())); // lon -90..0, lat -66.5..-85
    assert.equal(south.pixel(...pixelIn(2, 1, 3, -45.0, -80.0))[3], 255, 'Antarctica is land');
    assert.equal(south.pixel(...pixelIn(2, 1, 3, -45.0, -67.5))[3], 0, 'the Weddell Sea north of it is not');
  });

  test('outside the grid or past zoom 12: 404', async () => {
    assert.equal((await tile(2, 4, 0)).status, 404);
    assert.equal((await tile(13, 0, 0)).status, 404);
  });
});
