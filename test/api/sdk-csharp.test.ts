/**
 * The C# SDK (sdk/csharp) against the in-process dev store: builds the SDK and its test program with Mono's mcs
 * (sdk/csharp/build.sh, into a temp dir), runs the program with mono, and turns each line it prints ("PASS name" /
 * "FAIL name: why") into one node:test case, so every C# case counts in `npm test`. Also checks that the committed
 * NSwag-generated client is what NSwag makes from the committed OpenAPI document. No Mono → a failing case saying
 * how to install it (CI installs it in .ci/run), never a skip.
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
  // (the temp dir is removed by the hook registered last, below: registered here, node:test ran it while this module
  // was still awaiting the build and the runs)

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

    // The README's complete example, as printed there, against a store of its own (its URL in place of the
    // README's localhost one): compiled with mcs against the built SDK, run with mono from a folder holding the two
    // CSV files it names. A reader who copies it gets exactly this.
    let readmeExample: { ok: boolean; detail: string };
    {
      const readme = await readFile(path.join(SDK, 'README.md'), 'utf8');
      const code = /```csharp\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
      const dir = path.join(work, 'readme-example');
      await mkdir(dir, { recursive: true });
      // the README's account: the demo account `npm run store` creates
      const exampleStore = await startJobStore({ processingMs: 100, users: [{ name: 'demo', password: 'demo-password' }] });
      try {
        assert.ok(code.includes('http://localhost:8080/api'), 'the README example names the dev store URL');
        await writeFile(path.join(dir, 'Upload.cs'), code.replace('http://localhost:8080/api', exampleStore.apiUrl));
        await writeFile(path.join(dir, 'data.csv'), 'registration,type\nSE-ABC,glider\n');
        await writeFile(path.join(dir, 'data-v2.csv'), 'registration,type\nSE-ABC,glider\nSE-XYZ,balloon\n');
        await run('cp', [path.join(bin, 'CatalogBlocks.JobApi.dll'), dir]);
        await run('mcs', ['-nologo', '-out:' + path.join(dir, 'Upload.exe'), '-pkg:newtonsoft-json', '-r:System.Net.Http',
          '-r:' + path.join(dir, 'CatalogBlocks.JobApi.dll'), path.join(dir, 'Upload.cs')]);
        const res = await run('mono', [path.join(dir, 'Upload.exe')], { cwd: dir, timeout: 120_000 });
        readmeExample = { ok: /file at http/.test(res.stdout) && /replace: SUCCESS/.test(res.stdout), detail: res.stdout };
      } catch (e) {
        const err = e as { stdout?: string; stderr?: string; message: string };
        readmeExample = { ok: false, detail: `${err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}` };
      } finally {
        await exampleStore.close();
      }
    }
    test('the README example compiles and runs as printed: login, add → SUCCESS, replace → SUCCESS, logout', () => {
      assert.ok(readmeExample.ok, readmeExample.detail);
    });

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
  after(() => rm(work, { recursive: true, force: true }));
}
