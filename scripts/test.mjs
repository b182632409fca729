#!/usr/bin/env node
// `npm test`: sets up what it needs (a browser, a build), runs every suite, ends with "N passed, N failed".
// Suites: unit (engine, node), store (dev store over HTTP, node), api (job API clients, CLI, MCP against the dev
// store, node), blocks (browser, wtr), e2e (built CDN bundle, Playwright + dev store, W3C Nu validator), security
// (hostile catalog through every block of the built bundle, export round trips, fault matrix, job API abuse).
// `npm test -- unit blocks` runs a subset.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath } from './browser.mjs';

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const run = (name) => wanted.length === 0 || wanted.includes(name);
const totals = { passed: 0, failed: 0, skipped: 0 };
mkdirSync('test-results', { recursive: true });

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  return r.status ?? 1;
}

function ensureBrowser() {
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
function ensureJava() {
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
  const num = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)`, 'm'))?.[1] ?? 0);
  const c = { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
  if (status !== 0 && c.failed === 0) c.failed = 1; // crashed before reporting
  console.log(`${name}: ${c.passed} passed, ${c.failed} failed`);
  return c;
}

function add(c) { totals.passed += c.passed; totals.failed += c.failed; totals.skipped += c.skipped ?? 0; }

if (run('unit')) add(nodeSuite('unit', testFiles('test/unit')));
if (run('store')) add(nodeSuite('store', testFiles('test/store')));
if (run('api')) add(nodeSuite('api', testFiles('test/api')));
if (run('blocks') || run('e2e') || run('security')) ensureBrowser();
if (run('blocks')) {
  rmSync('test-results/blocks.json', { force: true });
  const status = sh(process.execPath, ['node_modules/@web/test-runner/dist/bin.js']);
  const c = existsSync('test-results/blocks.json') ? JSON.parse(readFileSync('test-results/blocks.json', 'utf8')) : { passed: 0, failed: 1 };
  if (status !== 0 && c.failed === 0) c.failed = 1;
  add(c);
}
if (run('e2e') || run('security')) {
  ensureJava();
  if (sh('npm', ['run', '--silent', 'build']) !== 0) add({ passed: 0, failed: 1 });
  else {
    if (run('e2e')) add(nodeSuite('e2e', testFiles('test/e2e')));
    if (run('security')) add(nodeSuite('security', testFiles('test/security')));
  }
}

// the last line is exactly "N passed, N failed" (CI and tools read it); skipped tests are reported just before
if (totals.skipped) console.log(`\n${totals.skipped} skipped or TODO (fixtures or tools not present; a known open budget — see the e2e output)`);
console.log(`${totals.skipped ? '' : '\n'}${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
