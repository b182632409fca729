// The SPA readiness signal (issue 10 contract 5) on a stand-in window: the page's promise and resolve function made
// before the runtime, after it, or not at all.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { provideApi, type LegacyApi } from '../../src/legacy/ready.ts';

type Win = Window & { __entryscape_blocks?: LegacyApi; __entryscape_blocks_ready?: Promise<unknown>; __entryscape_blocks_resolve?: unknown };

const api = (): LegacyApi => ({ init: () => Promise.resolve(), clear: () => undefined, setEntryStore: () => undefined, addConfig: () => undefined, checkStore: () => Promise.resolve({}) });

describe('readiness signal', () => {
  test('promise and resolve made BEFORE the runtime: resolved with the handle, which is on the window', async () => {
    const win = {} as Win;
    win.__entryscape_blocks_ready = new Promise((r) => { win.__entryscape_blocks_resolve = r; });
    const handle = api();
    provideApi(win, handle);
    assert.equal(await win.__entryscape_blocks_ready, handle);
    assert.equal(win.__entryscape_blocks, handle);
  });

  test('promise and resolve made AFTER the runtime: resolved as soon as resolve is assigned', async () => {
    const win = {} as Win;
    const handle = api();
    provideApi(win, handle);
    let resolved = false;
    win.__entryscape_blocks_ready = new Promise((r) => { win.__entryscape_blocks_resolve = r; }).then((v) => { resolved = true; return v; });
    assert.equal(await win.__entryscape_blocks_ready, handle);
    assert.equal(resolved, true);
    assert.equal(typeof win.__entryscape_blocks_resolve, 'function');
  });

  test('no promise from the page: __entryscape_blocks_ready is a resolved promise', async () => {
    const win = {} as Win;
    const handle = api();
    provideApi(win, handle);
    assert.equal(await win.__entryscape_blocks_ready, handle);
  });

  test('a second handle (the legacy chunk replacing the loader stub) takes the window, and resolve is not called twice', () => {
    const win = {} as Win;
    let calls = 0;
    win.__entryscape_blocks_resolve = () => { calls++; };
    const stub = api();
    const real = api();
    provideApi(win, stub);
    provideApi(win, real);
    assert.equal(win.__entryscape_blocks, real);
    assert.equal(calls, 1);
    // a resolve assigned later gets the current handle
    let got: unknown;
    win.__entryscape_blocks_resolve = (v: unknown) => { got = v; };
    assert.equal(got, real);
  });
});
