import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import { esc, getJson, localFixture, repoRoot, searchUrl, sharedFixture, skipUnless, startStore } from './helpers.ts';

/**
 * Starts main.ts, waits for the URL line (as the wtr plugin does), runs `use`, stops the child it started and
 * returns everything it printed (complete once the child's stdout has closed).
 */
async function withCli(args: string[], use: (url: string) => Promise<void>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'demo/store/main.ts'), '--port', '0', ...args], { cwd: repoRoot });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const closed = new Promise((r) => child.once('close', r));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const m = /(http:\/\/localhost:\d+\/store\/)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    await use(url);
  } finally {
    child.kill('SIGTERM');
    await closed;
  }
  return out;
}

describe('CLI (demo/store/main.ts)', () => {
  test('prints exactly one line with the store URL, then the summary; the store answers there', async () => {
    const out = await withCli(['--catalog', localFixture('catalog.ttl')], async (url) => {
      const { body } = await getJson(searchUrl(url, `rdfType:${esc('http://www.w3.org/ns/dcat#Dataset')}`));
      assert.equal(body.results, 4);
    });
    const lines = out.split('\n').filter(Boolean);
    assert.equal(lines.filter((l) => l.includes('http://localhost:')).length, 1);
    assert.ok(lines.some((l) => /context 1 \(catalog\): 1 catalog, 4 dataset, 1 dataservice, 3 distribution, 1 agent/.test(l)), lines.join('\n'));
  });

  test('--quiet prints only the URL line', async () => {
    const out = await withCli(['--quiet', '--catalog', localFixture('tiny.nt')], async (url) => {
      assert.equal((await fetch(`${url}1/entry/1`)).status, 200);
    });
    assert.equal(out.trim().split('\n').length, 1);
  });

  test('an unknown option exits with a usage message', async () => {
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'demo/store/main.ts'), '--nope'], { cwd: repoRoot });
      child.on('exit', resolve);
    });
    assert.equal(code, 64);
  });
});

describe('language tags', () => {
  const umea = sharedFixture('dcat/se/openumea_dcat_2015.rdf');
  test('tags keep their canonical case (sv-SE), so title.sv-SE is a field and sorts', skipUnless(umea), async () => {
    const s = await startStore([umea!]);
    try {
      const { body } = await getJson(searchUrl(s.url, 'title.sv-SE:luftkvaliteten', { sort: 'title.sv-SE asc' }));
      assert.equal(body.results, 1);
      const md = body.resource.children[0].metadata;
      const titles = Object.values<any>(md).flatMap((p) => p['http://purl.org/dc/terms/title'] ?? []);
      assert.ok(titles.some((t: any) => t.lang === 'sv-SE'));
    } finally {
      await s.close();
    }
  });
});
