import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { CatalogParseError } from '../../dev-store/rdf/parse.ts';
import { localFixture, repoRoot, startStore } from './helpers.ts';
import { sharedFixture, skipUnless } from '../shared-fixtures.ts';

/** The invalid-as-published fixtures (SOURCES.md) and where the parser stops. */
const INVALID: { rel: string; line: number; detail: RegExp }[] = [
  { rel: 'dcat/eu/dcat-ap-3.0.1/example-bee-population-dataset-series-api.ttl', line: 20, detail: /Turtle syntax error: Unexpected "example-dist:BeePopulation2023\/biojson"/ },
  { rel: 'dcat/eu/dcat-ap-3.0.1/example-bee-population-dataset-series-combined.ttl', line: 32, detail: /Turtle syntax error: Unexpected "example-dist:BeePopulation2023\/biojson"/ },
  { rel: 'dcat/eu/hvd-3.0.0/example-bees_wasps_dataset.ttl', line: 2, detail: /Turtle syntax error: Expected declaration to end with a dot/ },
  { rel: 'dcat/de/dcat-ap-de_UAG_Beispieldatensatz_v1.ttl', line: 1, detail: /Turtle syntax error: Undefined prefix "Stand:"/ },
  { rel: 'dcat/de/dcat_ap_de-RefImp_RDF_MAX_V1.0.rdf', line: 25, detail: /RDF\/XML error: more than one node element inside property element <dcat:Dataset>/ },
  { rel: 'entrystore/zg-demo-entryscape-dataset-5.rdf', line: 1, detail: /RDF\/XML error: namespace prefix "rdf" of <rdf:RDF> is not declared/ },
];

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'dev-store/main.ts'), '--port', '0', '--data-dir', mkdtempSync(path.join(tmpdir(), 'cb-store-')), ...args], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('invalid-as-published fixtures refuse to load, naming file and position', () => {
  for (const { rel, line, detail } of INVALID) {
    const file = sharedFixture(rel);
    test(path.basename(rel), skipUnless(file), async () => {
      await assert.rejects(startStore([file!]), (e: unknown) => {
        assert.ok(e instanceof CatalogParseError);
        assert.equal(e.file, file);
        assert.equal(e.line, line);
        assert.ok(e.message.startsWith(`catalog ${file}: line ${line}`), e.message);
        assert.match(e.message, detail);
        return true;
      });
    });
  }

  const first = sharedFixture(INVALID[0]!.rel);
  test('the CLI prints the error on stderr and exits with code 2', skipUnless(first), async () => {
    const r = await runCli(['--catalog', first!]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, new RegExp(`^catalog ${first!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: line 20, column 1: Turtle syntax error`));
    assert.doesNotMatch(r.stdout, /http:\/\/localhost/);
  });

  const zg = sharedFixture(INVALID[5]!.rel);
  test('one broken file among good ones still stops the CLI (exit 2)', skipUnless(zg), async () => {
    const r = await runCli(['--catalog', localFixture('catalog.ttl'), '--catalog', zg!]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /zg-demo-entryscape-dataset-5\.rdf: line 1, column 1: RDF\/XML error/);
  });
});

describe('own broken files', () => {
  test('RDF/XML that is not well-formed: XML error with line and column', async () => {
    await assert.rejects(startStore([localFixture('broken.rdf')]), (e: unknown) => {
      assert.ok(e instanceof CatalogParseError);
      assert.match(e.message, /broken\.rdf: line \d+, column \d+: RDF\/XML error: XML not well-formed/);
      return true;
    });
  });

  test('JSON-LD with a JSON syntax error: line and column of the offending character', async () => {
    await assert.rejects(startStore([localFixture('broken.jsonld')]), (e: unknown) => {
      assert.ok(e instanceof CatalogParseError);
      assert.equal(e.line, 5);
      assert.equal(e.column, 1);
      assert.match(e.message, /JSON syntax error/);
      return true;
    });
  });

  test('Turtle given inline text: error names the file and line', async () => {
    const text = '@prefix dct: <http://purl.org/dc/terms/> .\n<https://example.org/a> dct:title "ok" .\n<https://example.org/b> dct:title "unterminated .\n';
    await assert.rejects(startStore([{ file: 'inline.ttl', text }]), /^CatalogParseError: catalog inline\.ttl: line 3/);
  });

  test('a missing file: clear message, CLI exit code 2', async () => {
    await assert.rejects(startStore(['does/not/exist.ttl']), /catalog does\/not\/exist\.ttl: cannot read file \(ENOENT\)/);
    const r = await runCli(['--catalog', 'does/not/exist.ttl']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read file/);
  });

  test('a failed load closes the listening socket (no leaked server)', async () => {
    const before = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles().length;
    await assert.rejects(startStore([localFixture('broken.rdf')]));
    const afterCount = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles().length;
    assert.ok(afterCount <= before, `handles ${before} → ${afterCount}`);
  });
});
