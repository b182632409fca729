#!/usr/bin/env node
// `node scripts/lock-optional-stubs.mjs package-lock.json` — run after `npm install` when `npm ci` reports
// "Missing: @rollup/rollup-<platform>@ from lock file": the registry mirror used here lacks those platform builds.
// Adds lock entries for optional platform packages the local registry mirror does not carry, with their os/cpu/libc
// so npm skips them on other platforms (npm ci refuses a lock with missing optional edges).
import { readFileSync, writeFileSync } from 'node:fs';
const path = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(path, 'utf8'));
const pk = lock.packages;
let added = 0;
for (const [k, v] of Object.entries(pk)) {
  for (const [dep, version] of Object.entries(v.optionalDependencies ?? {})) {
    const base = k ? `${k}/node_modules/` : 'node_modules/';
    if (pk[base + dep] || pk[`node_modules/${dep}`]) continue;
    const m = /^@rollup\/rollup-(android|darwin|freebsd|linux|openbsd|openharmony|win32)-(arm64|arm|x64|ia32|loong64|ppc64|riscv64|s390x)(?:-(.*))?$/.exec(dep);
    if (!m) { console.error('unknown', dep); process.exit(1); }
    const [, os, cpu, abi] = m;
    const entry = { version, cpu: [cpu], dev: v.dev ?? undefined, license: 'MIT', optional: true, os: [os] };
    if (os === 'linux') entry.libc = [abi?.startsWith('musl') ? 'musl' : 'glibc'];
    pk[`node_modules/${dep}`] = Object.fromEntries(Object.entries(entry).filter(([, x]) => x !== undefined));
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
writeFileSync(path, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} entries`);
