// The base layer under the maps (issue 28 point 6): what `map-base-url` names (XYZ tiles or a WMS) and how its
// attribution becomes text with http(s) links only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { attributionParts, baseLayerOf } from '../../src/wms/base-layer.ts';

const page = new URL('https://www.example.se/kommun/data.html');

describe('baseLayerOf', () => {
  it('an XYZ template: {z}/{x}/{y} kept as written, made absolute against the page', () => {
    assert.deepEqual(baseLayerOf('https://tiles.example.org/{z}/{x}/{y}.png', page),
      { layer: { kind: 'xyz', url: 'https://tiles.example.org/{z}/{x}/{y}.png' } });
    assert.deepEqual(baseLayerOf('/base/tiles/{z}/{x}/{y}.png', page),
      { layer: { kind: 'xyz', url: 'https://www.example.se/base/tiles/{z}/{x}/{y}.png' } });
    assert.deepEqual(baseLayerOf('  https://t.example.org/tile?z={z}&x={x}&y={y}  ', page),
      { layer: { kind: 'xyz', url: 'https://t.example.org/tile?z={z}&x={x}&y={y}' } });
  });

  it('a WMS (SERVICE=WMS, any case): LAYERS and the other GetMap parameters apart, the request-specific ones dropped', () => {
    assert.deepEqual(baseLayerOf('https://maps.example.org/wms?service=wms&request=GetMap&LAYERS=topo,roads&styles=&VERSION=1.3.0&bbox=1,2,3,4&width=9&map=/srv/a.map', page), {
      layer: {
        kind: 'wms',
        url: 'https://maps.example.org/wms?map=%2Fsrv%2Fa.map',
        params: { LAYERS: 'topo,roads', STYLES: '', VERSION: '1.3.0' },
      },
    });
  });

  it('nothing set: no base layer and no problem', () => {
    assert.deepEqual(baseLayerOf(undefined, page), {});
    assert.deepEqual(baseLayerOf('   ', page), {});
  });

  it('refused, with the reason: not http(s), neither XYZ nor WMS, a WMS without LAYERS', () => {
    for (const bad of ['javascript:alert(1)//{z}/{x}/{y}', 'data:image/png;base64,AAAA', 'ftp://x.example.org/{z}/{x}/{y}.png']) {
      assert.equal(baseLayerOf(bad, page).layer, undefined, bad);
      assert.match(baseLayerOf(bad, page).problem ?? '', /http/, bad);
    }
    assert.match(baseLayerOf('https://tiles.example.org/world.png', page).problem ?? '', /\{z\}\/\{x\}\/\{y\}|SERVICE=WMS/);
    assert.match(baseLayerOf('https://maps.example.org/wms?SERVICE=WMS', page).problem ?? '', /LAYERS/);
  });
});

describe('attributionParts', () => {
  it('plain text stays text', () => {
    assert.deepEqual(attributionParts('© Lantmäteriet'), [{ text: '© Lantmäteriet' }]);
  });

  it('[label](url): a link only for http(s); anything else keeps the label as text and drops the target', () => {
    assert.deepEqual(attributionParts('Outlines: [Natural Earth](https://www.naturalearthdata.com/) (public domain)'), [
      { text: 'Outlines: ' }, { text: 'Natural Earth', href: 'https://www.naturalearthdata.com/' }, { text: ' (public domain)' },
    ]);
    // the link pattern stops at the first `)`: the rest of a javascript: target is text, and no target is a link
    assert.deepEqual(attributionParts('[click](javascript:alert(1)) and [x](data:text/html,hi)'), [{ text: 'click) and x' }]);
  });

  it('markup is text, never HTML', () => {
    assert.deepEqual(attributionParts('<img src=x onerror=alert(1)>'), [{ text: '<img src=x onerror=alert(1)>' }]);
  });

  it('empty or blank: nothing', () => {
    assert.deepEqual(attributionParts(undefined), []);
    assert.deepEqual(attributionParts('  '), []);
  });
});
