/**
 * The Python SDK (sdk/python, standard library only) against the in-process dev store: runs its own unittest suite
 * (`python3 -m unittest -v`) with the store's URL and accounts in the environment, and turns every Python test
 * case into one node:test case (its failure text as the message), so each counts in `npm test`'s final line.
 * No python3 → one failing case that says so (never a silent skip). A Python skip fails too: with the store and
 * the accounts given here, nothing should be skipped.
 */
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { PLAIN_DISTRIBUTION, API_SOURCE_DISTRIBUTION, DATASET_URI, repoRoot, startJobStore } from './helpers.ts';

const SDK_DIR = path.join(repoRoot, 'sdk/python');
const PYTHON = process.env['PYTHON'] ?? 'python3';
const MAX_UPLOAD = 256 * 1024;

interface PyRun { code: number | null; stdout: string; stderr: string; spawnError?: Error }

function runPython(args: string[], env: Record<string, string>): Promise<PyRun> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, args, { cwd: SDK_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('error', (e) => resolve({ code: null, stdout, stderr, spawnError: e }));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface PyCase {
  /** `tests.test_module.Class.test_name` */
  id: string;
  outcome: 'ok' | 'FAIL' | 'ERROR' | 'skipped' | 'expected failure' | 'unexpected success';
  /** Skip reason, or the traceback of a FAIL / ERROR. */
  detail: string;
}

/**
 * Cases of `unittest -v` output: `name (id) ... outcome` lines (a docstring puts its first line between the id and
 * the dots), plus the `FAIL:` / `ERROR:` sections with tracebacks; errors outside a test (setUpClass, a module that
 * does not import) appear only as sections and become cases of their own.
 */
export function parseUnittest(output: string): { cases: PyCase[]; ran: number | undefined } {
  const cases = new Map<string, PyCase>();
  const line = /^(\w+) \(([\w.]+)\)(?:\n[^\n]*?)? \.\.\. (ok|FAIL|ERROR|skipped (['"])(.*)\4|expected failure|unexpected success)$/gm;
  for (const m of output.matchAll(line)) {
    const id = m[2]!.endsWith(`.${m[1]}`) ? m[2]! : `${m[2]}.${m[1]}`;
    const outcome = (m[3]!.startsWith('skipped') ? 'skipped' : m[3]) as PyCase['outcome'];
    cases.set(id, { id, outcome, detail: m[5] ?? '' });
  }
  const section = /^={70}\n(FAIL|ERROR): (\w+) \(([\w.]+)\)[^\n]*\n-{70}\n([\s\S]*?)(?=^={70}$|^-{70}\nRan \d+ tests?)/gm;
  for (const m of output.matchAll(section)) {
    const id = m[3]!.endsWith(`.${m[2]}`) ? m[3]! : `${m[3]}.${m[2]}`;
    const known = cases.get(id);
    cases.set(id, { id, outcome: known?.outcome ?? (m[1] as 'FAIL' | 'ERROR'), detail: m[4]!.trim() });
  }
  const ran = /^Ran (\d+) tests? in /m.exec(output);
  return { cases: [...cases.values()], ran: ran ? Number(ran[1]) : undefined };
}

const store = await startJobStore({ maxUploadBytes: MAX_UPLOAD, loginLockoutMs: 1500, processingMs: 50 });
let run: PyRun;
try {
  run = await runPython(['-m', 'unittest', '-v'], {
    CATALOG_API_URL: store.apiUrl,
    CATALOG_API_USER: store.user,
    CATALOG_API_PASSWORD: store.password,
    CATALOG_TEST_READONLY_USER: store.readOnlyUser,
    CATALOG_TEST_READONLY_PASSWORD: store.readOnlyPassword,
    CATALOG_TEST_DISTRIBUTION: PLAIN_DISTRIBUTION,
    CATALOG_TEST_API_SOURCE: API_SOURCE_DISTRIBUTION,
    CATALOG_TEST_DATASET: DATASET_URI,
    CATALOG_TEST_MAX_UPLOAD_BYTES: String(MAX_UPLOAD),
    CATALOG_TEST_POLL_INTERVAL: '0.05',
    PYTHONDONTWRITEBYTECODE: '1',
    PYTHONIOENCODING: 'utf-8',
  });
} finally {
  await store.close();
}

if (run.spawnError) {
  test('python3 runs the Python SDK tests', () => {
    assert.fail(`${PYTHON} could not be started (${run.spawnError!.message}): the Python SDK needs Python 3.8+ ` +
      `(Debian: apt-get install python3; or set PYTHON=/path/to/python3)`);
  });
} else {
  // unittest writes its report to stderr.
  const { cases, ran } = parseUnittest(run.stderr);

  test('python3 -m unittest ran every Python test and they were all reported', () => {
    const tail = `\n--- stderr ---\n${run.stderr.slice(-4000)}\n--- stdout ---\n${run.stdout.slice(-2000)}`;
    assert.ok(ran !== undefined && ran > 0, `no "Ran N tests" line${tail}`);
    assert.equal(cases.filter((c) => !c.id.includes('.setUpClass') && !c.id.includes('.tearDownClass')).length, ran,
      `parsed cases = tests run${tail}`);
    const pythonPassed = cases.every((c) => c.outcome === 'ok' || c.outcome === 'skipped' || c.outcome === 'expected failure');
    assert.equal(run.code === 0, pythonPassed, `exit code ${run.code} agrees with the outcomes${tail}`);
  });

  for (const c of cases) {
    test(`python: ${c.id}`, () => {
      if (c.outcome === 'skipped') assert.fail(`skipped by the Python suite (${c.detail}); with the dev store started here nothing should be`);
      if (c.outcome !== 'ok' && c.outcome !== 'expected failure') assert.fail(`${c.outcome}\n${c.detail}`);
    });
  }
}
