/** `GET /` and `GET {store}`: a small HTML index for humans (contexts, counts, a few entry links). */
import type { StoreApp } from '../app.ts';
import { rx } from '../app.ts';
import type { EntryKind } from '../../src/catalog-engine/catalog.ts';
import { sendText } from '../http/respond.ts';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function countByKind(entries: Iterable<{ kind: EntryKind }>): Map<EntryKind, number> {
  const counts = new Map<EntryKind, number>();
  for (const e of entries) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  return counts;
}

export function addHomeRoutes(app: StoreApp): void {
  const page = (): string => {
    const sections = [...app.store.contexts.values()].map((c) => {
      const entries = [...c.entries.values()];
      const counts = [...countByKind(entries)].map(([k, n]) => `${n} ${k}`).join(', ');
      const sample = entries
        .filter((e) => e.kind === 'dataset' || e.kind === 'catalog' || e.kind === 'dataservice' || e.kind === 'series')
        .slice(0, 8)
        .map((e) => `<li><a href="${esc(e.entryUri)}?includeAll&amp;format=application/json">${esc(`${c.id}/entry/${e.entryId}`)}</a> ${esc(e.kind)} <code>${esc(e.resourceUri)}</code></li>`)
        .join('');
      return `<section><h2>Context ${esc(c.id)}: ${esc(c.alias)}</h2><p>${esc(c.file)} — ${esc(counts)}</p><ul>${sample}</ul></section>`;
    });
    const search = `${app.baseUrl}search?type=solr&query=rdfType:${encodeURIComponent('http\\://www.w3.org/ns/dcat#Dataset')}+AND+public:true&limit=10`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev store</title></head><body><main><h1>EntryStore-compatible dev store</h1><p>Store URL: <code>${esc(app.baseUrl)}</code> — try <a href="${esc(search)}">a dataset search</a>.</p>${sections.join('')}</main></body></html>`;
  };
  const handler = (ctx: { res: import('node:http').ServerResponse }): void => sendText(ctx.res, 200, 'text/html; charset=utf-8', page());
  app.router.add(['GET'], /^\/$/, handler);
  app.router.add(['GET'], new RegExp(`^${rx(app.storePath)}?$`), handler);
}
