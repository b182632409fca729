/**
 * Issue 24.6: one way to load. Every element — the CatalogBlock blocks and the rich parts (data preview,
 * visualizations, extras, maps, the upload block) — loads through blocks/base/load-controller.ts, and loads the lazy
 * strings of its UI language through its `stringsLoader`. An element that writes its own AbortController, completion
 * promise (`new Promise((resolve) => this.#settle = resolve)`) or set of loaded languages is a second way, with its
 * own bugs (a superseded completion promise that never resolves, a disconnect that leaves it loading).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const blocks = path.resolve(import.meta.dirname, '../../blocks');
/** The element modules of the rich parts and the upload block (the CatalogBlock blocks extend CatalogBlock). */
const ELEMENTS = readdirSync(blocks, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.element\.ts$|map-common\.ts$/.test(f))
  .map((f) => f.split(path.sep).join('/'));

const code = (file: string): string =>
  readFileSync(path.join(blocks, file), 'utf8').replace(/\/\*[^]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

describe('one loading controller (issue 24.6)', () => {
  it('reads the element modules of every rich part and the upload block', () => {
    for (const folder of ['data-preview', 'visualization', 'dataset-extras', 'wms-map', 'distribution-file-upload']) {
      assert.ok(ELEMENTS.some((f) => f.startsWith(`${folder}/`)), folder);
    }
  });

  it('no element writes its own abort controller, completion promise or set of loaded languages', () => {
    const own = ELEMENTS.flatMap((file) => {
      const text = code(file);
      return [
        /new AbortController\(/.test(text) && `${file}: new AbortController()`,
        /new Promise\(\s*\(?\s*\w+\s*\)?\s*=>\s*\(?\s*this\.#\w+\s*=/.test(text) && `${file}: a hand-made completion promise`,
        /loadedLangs|#stringsFor/.test(text) && `${file}: its own record of loaded strings`,
      ].filter((x): x is string => typeof x === 'string');
    });
    assert.deepEqual(own, []);
  });

  it('every element that loads strings does so through stringsLoader', () => {
    const direct = ELEMENTS.filter((file) => /load\w*(Messages|Strings)\(/.test(code(file)));
    assert.deepEqual(direct, []);
  });
});
