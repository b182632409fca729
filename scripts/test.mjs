#!/usr/bin/env node
// `npm test`: sets up what it needs (a browser, a build), runs every suite, ends with "N passed, N failed".
// Suites: unit (engine, node), store (dev store over HTTP, node), api (job API clients, CLI, MCP against the dev
// store, node), blocks (browser, wtr), e2e (built CDN bundle, Playwright + dev store, W3C Nu validator), security
// (hostile catalog through every block of the built bundle, export round trips, fault matrix, job API abuse).
// `npm test -- unit blocks` runs a subset.
// `npm test -- --write-readme` (a full run only, every test passing) writes the counts and durations it measured into
// README.md's `tests` section (scripts/readme-section.mjs), so the README's test figures are the last full run's.
// `npm test -- --without-shared [suites…]` runs only the test files that read ../shared (they import
// test/shared-fixtures.ts), with CATALOG_BLOCKS_SHARED pointing at an empty folder: what a fresh clone without ../shared
// gets, proven on a machine that has it, without running everything twice (`.ci/run` does it after the full run). It
// does not build: it runs after `npm test`, on its build.
// The build (`npm run build`) comes before every suite that runs built files (api: the built CLI and MCP bins; e2e;
// security). A test skipped because the build is missing or stale then counts as FAILED: npm test has just built it.
// Skips are counted (a skipped describe() too, whose tests node's own summary leaves out) and printed on the line
// before the last; the last line stays exactly "N passed, N failed" (CI and tools read it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './entries.mjs';

const SUITES = ['unit', 'store', 'api', 'blocks', 'e2e', 'security'];
/** Suites that run what `npm run build` writes. */
const NEED_BUILD = new Set(['api', 'e2e', 'security']);

/** The steps of `npm test -- <wanted…>` in order: the build before the first suite that needs it. */
export function plan(wanted) {
  const suites = SUITES.filter((name) => wanted.length === 0 || wanted.includes(name));
  const steps = [];
  for (const name of suites) {
    if (NEED_BUILD.has(name) && !steps.includes('build')) steps.push('build');
    steps.push(name);
  }
  return steps;
}

/** The test files that read ../shared: those that import test/shared-fixtures.ts, the one way to reach it. */
export function sharedReaders(files) {
  return files.filter((f) => /from '(\.\.\/)+shared-fixtures\.ts'/.test(readFileSync(f, 'utf8')));
}

/** A skip reason that means "the build is missing or older than the sources" (test/api/cli.test.ts, mcp.test.ts). */
export const BUILD_SKIP = /npm run build|not built|dist\/\S* is older/i;

/**
 * Counts of a node:test TAP file: the summary's pass / fail / cancelled, and skips read from the `# SKIP` lines (a
 * skipped describe() is one line and is missing from the summary). With `built`, a skip for want of the build fails.
 */
export function countTap(text, { built = false } = {}) {
  const num = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)`, 'm'))?.[1] ?? 0);
  const c = { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('todo'), buildSkips: [] };
  for (const m of text.matchAll(/^\s*ok \d+ - (.*?) # SKIP ?(.*)$/gm)) {
    if (built && BUILD_SKIP.test(m[2])) {
      c.failed++;
      c.buildSkips.push(`${m[1]}: ${m[2]}`);
    } else c.skipped++;
  }
  return c;
}

/**
 * The README's `tests` section: what a full run counted per suite and how long it took. `run`: { suites: [{ name,
 * passed, failed, skipped, seconds }], seconds, date, machine, shared } (shared: ../shared was beside the repository).
 */
export function testsSection(run) {
  const n = (x) => x.toLocaleString('en-US');
  const total = run.suites.reduce((a, s) => ({ passed: a.passed + s.passed, failed: a.failed + s.failed, skipped: a.skipped + s.skipped }), { passed: 0, failed: 0, skipped: 0 });
  const min = (sec) => (sec >= 90 ? `${Math.floor(sec / 60)} min ${Math.round(sec % 60)} s` : `${Math.round(sec)} s`);
  return [
    `\`npm test\` on ${run.date} (${run.machine}; ${run.shared ? 'with' : 'without'} \`../shared\`), written by \`npm test -- --write-readme\`:`,
    '',
    '| suite | passed | failed | skipped | time |',
    '|---|---:|---:|---:|---:|',
    ...run.suites.map((s) => `| ${s.name} | ${n(s.passed)} | ${n(s.failed)} | ${n(s.skipped)} | ${min(s.seconds)} |`),
    `| **all** (with the build) | **${n(total.passed)}** | **${n(total.failed)}** | **${n(total.skipped)}** | **${min(run.seconds)}** |`,
  ].join('\n');
}

/** The closing lines: skips first, then exactly "N passed, N failed". */
export function summary(totals) {
  return ['', `${totals.skipped} skipped or TODO (not counted as passed; see each suite's output for the reasons)`, `${totals.passed} passed, ${totals.failed} failed`];
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let built = false;

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

let browserChecked = false;
async function ensureBrowser() {
  if (browserChecked) return;
  browserChecked = true;
  const { chromiumPath } = await import('./browser.mjs');
  if (chromiumPath) return;
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium (needed by the browser tests)…');
    sh('apt-get', ['update', '-qq']);
    sh('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((p) => existsSync(p)) && !process.env.CHROME_PATH) {
    console.error('No Chromium: install it (sudo apt-get install chromium) or set CHROME_PATH, then run npm test again.');
    totals.failed++;
  }
}

/** The Nu validator (e2e HTML validity) needs Java. */
let javaChecked = false;
function ensureJava() {
  if (javaChecked) return;
  javaChecked = true;
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() === 0) {
    console.log('Installing a Java runtime (needed by the W3C Nu validator)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    sh('apt-get', ['update', '-qq'], { env });
    sh('apt-get', ['install', '-y', '-qq', 'default-jre-headless'], { env });
  }
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) {
    console.error('No Java: install a Java runtime (sudo apt-get install default-jre-headless) for the HTML validity tests.');
  }
}

// Node 20's --test does not expand globs: list the *.test.ts files of a folder ourselves (sorted, stable order).
function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.test.ts')).sort().map((f) => join(dir, f));
}

function nodeSuite(name, files) {
  if (files.length === 0) { console.log(`${name}: no test files`); return { passed: 0, failed: 0 }; }
  const tap = `test-results/${name}.tap`;
  rmSync(tap, { force: true });
  const status = sh(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`, ...files]);
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const c = countTap(text, { built });
  if (status !== 0 && c.failed === 0) c.failed = 1; // crashed before reporting
  for (const b of c.buildSkips) console.log(`${name}: FAILED (skipped although npm test built dist): ${b}`);
  console.log(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  return c;
}

/** Each suite's counts and seconds, in order (for --write-readme). */
const ran = [];
function add(c, name, startedAt) {
  totals.passed += c.passed; totals.failed += c.failed; totals.skipped += c.skipped ?? 0;
  if (name) ran.push({ name, passed: c.passed, failed: c.failed, skipped: c.skipped ?? 0, seconds: (performance.now() - startedAt) / 1000 });
}

function build() {
  console.log('build: npm run build (the api, e2e and security suites run the built files)');
  if (sh('npm', ['run', '--silent', 'build']) === 0) built = true;
  else add({ passed: 0, failed: 1 });
}

async function main() {
  const startedAt = performance.now();
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const withoutShared = process.argv.includes('--without-shared');
  const writeReadme = process.argv.includes('--write-readme');
  if (writeReadme && (wanted.length > 0 || withoutShared)) {
    console.error('test: --write-readme needs a full run (no suites named, no --without-shared): the README gives the whole count');
    process.exit(2);
  }
  const sharedBeside = existsSync(join(root, '../shared'));
  // the browser suite reads nothing from ../shared
  const files = (dir) => (withoutShared ? sharedReaders(testFiles(dir)) : testFiles(dir));
  if (withoutShared) {
    process.env.CATALOG_BLOCKS_SHARED = mkdtempSync(join(tmpdir(), 'no-shared-'));
    built = existsSync('dist/npm/index.js') && existsSync('dist/cdn/catalog-blocks.js');
    console.log(`without ../shared (CATALOG_BLOCKS_SHARED=${process.env.CATALOG_BLOCKS_SHARED}): the files that read it`);
  }
  for (const w of wanted) {
    if (!SUITES.includes(w)) {
      console.error(`test: unknown suite "${w}" (suites: ${SUITES.join(', ')})`);
      process.exit(2);
    }
  }
  mkdirSync('test-results', { recursive: true });
  for (const step of plan(wanted)) {
    const t0 = performance.now();
    if (step === 'build') { if (!withoutShared) build(); }
    else if (step === 'unit') add(nodeSuite('unit', files('test/unit')), 'unit (engine, Node)', t0);
    else if (step === 'store') add(nodeSuite('store', files('test/store')), 'store (dev store over HTTP, job APIs)', t0);
    // without a build the api suite still runs from source (its built-bin parts skip, and those skips count as skips)
    else if (step === 'api') add(nodeSuite('api', files('test/api')), 'api (job API clients, CLI, MCP, OpenAPI)', t0);
    else if (step === 'blocks') {
      if (withoutShared) continue;
      await ensureBrowser();
      rmSync('test-results/blocks.json', { force: true });
      const status = sh(process.execPath, ['node_modules/@web/test-runner/dist/bin.js']);
      const c = existsSync('test-results/blocks.json') ? JSON.parse(readFileSync('test-results/blocks.json', 'utf8')) : { passed: 0, failed: 1 };
      if (status !== 0 && c.failed === 0) c.failed = 1;
      add(c, 'blocks (in Chromium)', t0);
    } else if (step === 'e2e' || step === 'security') {
      await ensureBrowser();
      ensureJava();
      if (!built) {
        console.log(`${step}: not run, ${withoutShared ? 'no build (run npm test or npm run build first)' : 'the build failed'}`);
        if (withoutShared) add({ passed: 0, failed: 1 });
      }
      else add(nodeSuite(step, files(`test/${step}`)), step === 'e2e' ? 'e2e (built bundles in Chromium, Nu validator)' : 'security', t0);
    }
  }

  if (withoutShared) rmSync(process.env.CATALOG_BLOCKS_SHARED, { recursive: true, force: true });
  if (writeReadme) {
    if (totals.failed > 0) console.log(`README.md not updated: ${totals.failed} failed`);
    else {
      const { writeReadmeSection } = await import('./readme-section.mjs');
      const machine = `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'CPU'}, Node ${process.versions.node}`;
      writeReadmeSection('tests', testsSection({
        suites: ran, seconds: (performance.now() - startedAt) / 1000, date: new Date().toISOString().slice(0, 10), machine, shared: sharedBeside,
      }));
    }
  }
  for (const line of summary(totals)) console.log(line);
  process.exit(totals.failed > 0 ? 1 : 0);
}

// imported by test/api/newcomer-paths.test.ts for plan/countTap/summary: run only as the script
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
