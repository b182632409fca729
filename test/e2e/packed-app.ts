/**
 * A user's application of the packed package (issue 24 points 1 and 3): `npm pack` of the built repository, installed
 * into an empty app with npm, and that app built by the production build of Vite, webpack 5 and esbuild, one page per
 * import form the README documents. Used by test/e2e/bundlers.test.ts.
 *
 * The install runs offline (`npm ci --offline`): the app's lockfile is the closure of the packed package.json's
 * dependencies (and required peers) taken from this repository's package-lock.json, whose tarballs `npm ci` has put in
 * npm's cache. So the test needs no registry, installs exactly what `npm install catalog-blocks` would resolve to at our
 * locked versions, and npm itself checks the lockfile against the package's package.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './harness.ts';

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [k: string]: unknown;
}

function run(cmd: string, args: readonly string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} (in ${cwd}) failed:\n${r.stderr || r.stdout}`);
  return r.stdout;
}

/** `npm pack` of the built repository (no prepack build: npm test has just built dist) into `dir`; the tarball path. */
export function packTarball(dir: string): string {
  const out = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], root)) as { filename: string }[];
  return join(dir, out[0]!.filename);
}

/** What npm installs for `deps` (and their dependencies and required peers), as lockfile entries of this repository. */
export function installClosure(deps: Record<string, string>): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const out: Record<string, LockEntry> = {};
  // npm's lookup: node_modules/<name> beside the dependent, then in each enclosing node_modules up to the top.
  const locate = (name: string, from: string): string | undefined => {
    for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
      const key = `${base ? `${base}/` : ''}node_modules/${name}`;
      if (lock.packages[key]) return key;
      if (!base) return undefined;
    }
  };
  const visit = (entry: LockEntry, at: string): void => {
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional);
    // an optional dependency for another platform is not in the lock (npm skips it too)
    for (const name of Object.keys(entry.optionalDependencies ?? {})) if (!locate(name, at)) delete entry.optionalDependencies![name];
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers]) {
      const key = locate(name, at);
      if (!key) throw new Error(`package-lock.json has no ${name} (needed by ${at || 'the app'})`);
      // a nested copy keeps its path; a top-level one is shared
      if (out[key]) continue;
      out[key] = lock.packages[key]!;
      visit(out[key], key);
    }
  };
  visit({ dependencies: deps }, '');
  return out;
}

/** The packed package.json (what npm reads when it installs the tarball). */
export function packedManifest(tarball: string): LockEntry & { name: string; version: string } {
  return JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json'], root)) as LockEntry & { name: string; version: string };
}

/** An app in `dir` with the tarball installed offline; the names of the packages npm installed (the app's own not counted). */
export function installApp(dir: string, tarball: string): string[] {
  mkdirSync(dir, { recursive: true });
  const pkg = packedManifest(tarball);
  const spec = `file:${tarball}`;
  const packages: Record<string, LockEntry> = {
    '': { name: 'app', dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version, resolved: spec, license: pkg.license,
      ...(pkg.dependencies ? { dependencies: pkg.dependencies } : {}),
      ...(pkg.peerDependencies ? { peerDependencies: pkg.peerDependencies } : {}),
      ...(pkg.peerDependenciesMeta ? { peerDependenciesMeta: pkg.peerDependenciesMeta } : {}),
    },
    ...installClosure({ ...pkg.dependencies, ...requiredPeers(pkg) }),
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, dependencies: { [pkg.name]: spec } }, null, 2));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }, null, 2));
  run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir);
  const installed = JSON.parse(readFileSync(join(dir, 'node_modules/.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(installed.packages).filter((k) => k.startsWith('node_modules/')).map((k) => k.slice(k.lastIndexOf('node_modules/') + 13));
}

function requiredPeers(pkg: LockEntry): Record<string, string> {
  return Object.fromEntries(Object.entries(pkg.peerDependencies ?? {}).filter(([p]) => !pkg.peerDependenciesMeta?.[p]?.optional));
}

/** One page of the app: the module it runs (an import form of the README) and the body markup it needs. */
export interface Form {
  readonly name: string;
  readonly js: string;
  readonly body: string;
}

const page = (title: string, script: string, body: string) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title>${script}</head>
<body>
<div data-portal-config data-store-url="__STORE_URL__" hidden></div>
<main>${body}</main>
</body>
</html>
`;

export type Bundler = 'vite' | 'webpack' | 'esbuild';
export const BUNDLERS: readonly Bundler[] = ['vite', 'webpack', 'esbuild'];

// The bundlers are this repository's dev dependencies, run on the app's files: the app resolves catalog-blocks and lit
// from its own node_modules, as a user's app does.
const requireHere = createRequire(join(root, 'package.json'));

/** Builds `forms` in `app` with `bundler` (production mode) into `<app>/out-<bundler>`, one HTML page per form. */
export async function buildApp(app: string, forms: readonly Form[], bundler: Bundler): Promise<string> {
  const out = join(app, `out-${bundler}`);
  for (const f of forms) writeFileSync(join(app, `${f.name}.js`), f.js);
  if (bundler === 'vite') {
    for (const f of forms) writeFileSync(join(app, `${f.name}.html`), page(f.name, `<script type="module" src="./${f.name}.js"></script>`, f.body));
    const vite = (await import(requireHere.resolve('vite'))) as typeof import('vite');
    await vite.build({
      root: app, base: './', configFile: false, logLevel: 'error', mode: 'production',
      build: { outDir: out, emptyOutDir: true, rolldownOptions: { input: Object.fromEntries(forms.map((f) => [f.name, join(app, `${f.name}.html`)])) } },
    });
    return out;
  }
  mkdirSync(out, { recursive: true });
  if (bundler === 'esbuild') {
    const esbuild = (await import(requireHere.resolve('esbuild'))) as typeof import('esbuild');
    await esbuild.build({
      absWorkingDir: app, entryPoints: forms.map((f) => `./${f.name}.js`), bundle: true, splitting: true, format: 'esm',
      minify: true, platform: 'browser', outdir: out, logLevel: 'silent',
    });
    for (const f of forms) writeFileSync(join(out, `${f.name}.html`), page(f.name, `<script type="module" src="./${f.name}.js"></script>`, f.body));
    return out;
  }
  const webpack = requireHere('webpack') as typeof import('webpack');
  await new Promise<void>((ok, fail) => {
    webpack({
      mode: 'production', context: app, devtool: false,
      entry: Object.fromEntries(forms.map((f) => [f.name, `./${f.name}.js`])),
      output: { path: out, filename: '[name].js', clean: true },
    }, (err, stats) => {
      if (err) fail(err);
      else if (stats?.hasErrors()) fail(new Error(stats.toString('errors-only')));
      else ok();
    });
  });
  for (const f of forms) writeFileSync(join(out, `${f.name}.html`), page(f.name, `<script src="./${f.name}.js" defer></script>`, f.body));
  return out;
}
