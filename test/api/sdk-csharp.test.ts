/**
 * The C# SDK (sdk/csharp) against the in-process dev store: builds the SDK and its test program with Mono's mcs
 * (sdk/csharp/build.sh, into a temp dir), runs the program with mono, and turns each line it prints ("PASS name" /
 * "FAIL name: why") into one node:test case, so every C# case counts in `npm test`. Also checks that the committed
 * NSwag-generated client is what NSwag makes from the committed OpenAPI document. No Mono → a failing case saying
 * how to install it (CI installs it in .ci/run), never a skip.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, describe, test } from 'node:test';
import { DATASET_URI, PLAIN_DISTRIBUTION, repoRoot, startJobStore } from './helpers.ts';

const run = promisify(execFile);
const SDK = path.join(repoRoot, 'sdk/csharp');
const LIMIT = 256 * 1024;
const INSTALL = 'apt-get install mono-devel libnewtonsoft-json-cil-dev (CI does this in .ci/run)';

const has = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missing = ['mcs', 'mono'].filter((c) => !has(c));

if (missing.length > 0) {
  test('C# SDK: Mono is installed', () => {
    assert.fail(`${missing.join(' and ')} not found: the C# SDK tests need Mono. Install it: ${INSTALL}`);
  });
} else {
  const work = await mkdtemp(path.join(tmpdir(), 'cb-csharp-'));
  after(() => rm(work, { recursive: true, force: true }));

  describe('C# SDK: generated client', () => {
    test('the committed NSwag client is what NSwag generates from the committed OpenAPI document (else run sdk/csharp/generate.sh)', async () => {
      const fresh = path.join(work, 'GeneratedJobApiClient.cs');
      await run(path.join(SDK, 'generate.sh'), [fresh], { cwd: repoRoot });
      const committed = await readFile(path.join(SDK, 'src/Generated/GeneratedJobApiClient.cs'), 'utf8');
      assert.ok(committed === await readFile(fresh, 'utf8'), 'sdk/csharp/src/Generated/GeneratedJobApiClient.cs is stale: run sdk/csharp/generate.sh and commit it');
    });
  });

  // Build and run before registering the cases: their names come from the program's output.
  const bin = path.join(work, 'bin');
  let buildError: string | undefined;
  try {
    await run(path.join(SDK, 'build.sh'), [bin], { cwd: repoRoot });
  } catch (e) {
    const err = e as { stderr?: string; stdout?: string; message: string };
    buildError = `${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`;
  }

  if (buildError !== undefined) {
    test('C# SDK: builds with mcs', () => assert.fail(buildError));
  } else {
    const store = await startJobStore({ maxUploadBytes: LIMIT, processingMs: 300 });
    let output = '';
    let runError: string | undefined;
    try {
      const res = await run('mono', [path.join(bin, 'JobApiClientTests.exe')], {
        env: {
          ...process.env,
          JOB_API_URL: store.apiUrl,
          JOB_API_USER: store.user,
          JOB_API_PASSWORD: store.password,
          JOB_API_DISTRIBUTION: PLAIN_DISTRIBUTION,
          JOB_API_DATASET: DATASET_URI,
          JOB_API_LIMIT_BYTES: String(LIMIT),
          JOB_API_INTERVAL_MS: '50',
        },
        timeout: 5 * 60 * 1000,
        maxBuffer: 16 * 1024 * 1024,
      });
      output = res.stdout;
    } catch (e) {
      // Exit code 1 = some case failed: its lines say which. Anything else (a crash) is reported below.
      const err = e as { stdout?: string; stderr?: string; code?: number | string; message: string };
      output = err.stdout ?? '';
      if (err.code !== 1) runError = `${err.message}\n${err.stderr ?? ''}`;
    } finally {
      await store.close();
    }

    // "PASS name" or "FAIL name: why" (names have no ':', the program makes sure).
    const cases = output.split(/\r?\n/).map((line) => /^(PASS) (.+)$|^(FAIL) ([^:]+)(?:: (.*))?$/.exec(line)).filter((m) => m !== null)
      .map((m) => ({ verdict: m[1] ?? m[3]!, name: (m[2] ?? m[4]!).trim(), why: m[5] }));
    describe('C# SDK: JobApiClientTests against the dev store', () => {
      test('the test program ran to its end and reported its cases', () => {
        assert.equal(runError, undefined, runError);
        assert.ok(cases.length >= 20, `expected at least 20 cases, got ${cases.length}:\n${output}`);
      });
      for (const { verdict, name, why } of cases) {
        test(name, () => {
          assert.equal(verdict, 'PASS', why ?? 'failed');
        });
      }
    });
  }
}
