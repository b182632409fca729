/**
 * The one way tests reach `../shared` (the folder beside the repository with third-party fixtures under licences that
 * keep them out of the repository and the package, and the spec documents): a fresh clone has no `../shared`, and
 * every test that reads it skips visibly there, with `SKIP_NO_SHARED` as the reason.
 * `CATALOG_BLOCKS_SHARED` names another folder: `npm test -- --without-shared` points it at an empty one and runs the
 * files that import this module, which proves the fresh-clone case on a machine that has `../shared`
 * (scripts/test.mjs; `.ci/run` does it after the full run). test/unit/shared-fixtures.test.ts checks that no test
 * reads `../shared` another way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../scripts/entries.mjs';

export const SHARED = resolve(root, process.env.CATALOG_BLOCKS_SHARED ?? '../shared');
export const SHARED_FIXTURES = join(SHARED, 'fixtures');
export const SKIP_NO_SHARED = `no ${SHARED} (a fresh clone has no ../shared; its tests skip)`;

/** A path under `../shared` (`fixtures/dcat/…`, `docs/…`), or undefined when it is absent. */
export function sharedPath(rel: string): string | undefined {
  const p = join(SHARED, rel);
  return existsSync(p) ? p : undefined;
}

/** A file under `../shared/fixtures`, or undefined when it is absent. */
export const sharedFixture = (rel: string): string | undefined => sharedPath(join('fixtures', rel));

/** The bytes of a file under `../shared/fixtures` (call it only where its test is not skipped). */
export const sharedFixtureBytes = (rel: string): Uint8Array => new Uint8Array(readFileSync(join(SHARED_FIXTURES, rel)));

/** The `file:` URL of a folder under `../shared` (with the trailing slash `new URL(name, dir)` needs). */
export const sharedDirUrl = (rel: string): URL => pathToFileURL(`${join(SHARED, rel)}/`);

/** `skip` option for node:test: skipped, with the reason, unless every file is present. */
export function skipUnless(...files: (string | undefined)[]): { skip: string | false } {
  return { skip: files.every(Boolean) ? false : SKIP_NO_SHARED };
}

/** Known third-party catalogs the e2e tests read when present (test-only licences, see ../shared/fixtures/SOURCES.md). */
export const ROSTOCK = join(SHARED_FIXTURES, 'dcat/de/rostock-catalog.rdf');
export const ANTWERPEN = join(SHARED_FIXTURES, 'dcat/large/antwerpen-dcat.xml');
