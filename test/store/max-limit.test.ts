/**
 * `maxLimit` (`--max-limit N`): the benchmark renders pages of 1000 rows, more than EntryStore's 100. Default stays 100.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { esc, getJson, repoRoot, searchUrl, startStore } from './helpers.ts';

const DATASET = `rdfType:${esc('http://www.w3.org/ns/dcat#Dataset')}`;
const COUNT = 150;

/** A catalog of COUNT datasets, as inline Turtle. */
function bigCatalog(): string {
  const lines = ['@prefix dcat: <http://www.w3.org/ns/dcat#> .', '@prefix dct: <http://purl.org/dc/terms/> .',
    `<https://example.org/cat> a dcat:Catalog ; dct:title "Big"@en ; ${Array.from({ length: COUNT }, (_, i) => `dcat:dataset <https://example.org/ds/${i}>`).join(' ; ')} .`];
  for (let i = 0; i < COUNT; i++) lines.push(`<https://example.org/ds/${i}> a dcat:Dataset ; dct:title "Dataset ${i}"@en .`);
  return lines.join('\n');
}

describe('search page size limit', () => {
  let normal: StoreServer;
  let raised: StoreServer;
  const source = () => ({ file: 'big.ttl', text: bigCatalog(), format: 'turtle' as const });
  before(async () => {
    normal = await startStore([source()]);
    raised = await startStore([source()], { maxLimit: 1000 });
  });
  after(async () => {
    await normal?.close();
    await raised?.close();
  });

  test('by default a page has at most 100 rows (as EntryStore)', async () => {
    const { body } = await getJson(searchUrl(normal.url, DATASET, { limit: 1000 }));
    assert.equal(body.results, COUNT);
    assert.equal(body.limit, 100);
    assert.equal(body.resource.children.length, 100);
  });

  test('with maxLimit 1000 one page holds every row', async () => {
    const { body } = await getJson(searchUrl(raised.url, DATASET, { limit: 1000 }));
    assert.equal(body.limit, 1000);
    assert.equal(body.resource.children.length, COUNT);
  });

  test('the CLI accepts --max-limit and rejects a non-number', async () => {
    const run = (args: string[]) => new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'dev-store/main.ts'), '--port', '0', '--data-dir', mkdtempSync(path.join(tmpdir(), 'cb-store-')), '--quiet', ...args], { cwd: repoRoot });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /(http:\/\/localhost:\d+\/store\/)/.exec(out);
        if (m) {
          getJson(searchUrl(m[1]!, DATASET, { limit: 500 }))
            .then(({ body }) => { out += `\nlimit=${body.limit}`; })
            .finally(() => child.kill('SIGTERM'));
        }
      });
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (code) => resolve({ code, out }));
    });
    const ok = await run(['--max-limit', '1000']);
    assert.match(ok.out, /limit=500/);
    const bad = await run(['--max-limit', 'lots']);
    assert.equal(bad.code, 64);
    assert.match(bad.out, /--max-limit: not a positive integer/);
  });
});
