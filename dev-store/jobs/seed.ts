/**
 * Start-up seed: a source distribution of an API distribution that has no uploaded file yet gets one when a file
 * named like its download/access URL lies in `files/` next to its catalog file — `files/<basename>`, or
 * `files/<segment>-<basename>` where `<segment>` is another path segment of that URL (the demo catalog's
 * SwedishPolls CSV: `…/MansMeg/SwedishPolls/master/Data/Polls.csv` → `files/SwedishPolls-Polls.csv`).
 * Not journalled: it is redone identically at every start, before the journal is replayed.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { StoreApp } from '../app.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { extensionOf, sha256File } from './content.ts';
import { apiDistributions, filesOf, linkFile } from './links.ts';

function candidateNames(url: string): string[] {
  let segments: string[];
  try {
    segments = new URL(url).pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));
  } catch {
    return [];
  }
  const base = segments.pop();
  if (!base || !extensionOf(base)) return [];
  return [base, ...segments.map((s) => `${s}-${base}`)].filter((n) => !/[/\\]/.test(n));
}

function regularFile(p: string): number | undefined {
  try {
    const s = statSync(p);
    return s.isFile() ? s.size : undefined;
  } catch {
    return undefined;
  }
}


export async function seedSourceFiles(app: StoreApp): Promise<void> {
  const store = app.store;
  for (const { source } of apiDistributions(store)) {
    if (!source || filesOf(store, source).length > 0) continue;
    const ctx = store.contexts.get(source.contextId);
    if (!ctx) continue;
    const dir = path.join(path.dirname(path.resolve(ctx.file)), 'files');
    const urls = source.metadata
      .filter((t) => t.subject.value === source.resourceUri && (t.predicate === `${NS.dcat}downloadURL` || t.predicate === `${NS.dcat}accessURL`))
      .map((t) => t.object.value);
    let found: { file: string; size: number } | undefined;
    for (const url of [...urls, source.resourceUri]) {
      for (const name of candidateNames(url)) {
        const file = path.join(dir, name);
        const size = regularFile(file);
        if (size !== undefined) {
          found = { file, size };
          break;
        }
      }
      if (found) break;
    }
    if (!found) continue;
    const name = path.basename(found.file);
    const f = store.addFileEntry(ctx.id, { name, mime: extensionOf(name) === 'csv' ? 'text/csv' : 'application/octet-stream', path: found.file, size: found.size, sha256: await sha256File(found.file) }, store.loadTime);
    linkFile(store, source, f, undefined);
  }
}
