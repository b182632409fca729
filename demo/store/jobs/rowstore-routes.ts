/**
 * `/rowstore/datasets`, `/rowstore/dataset/{id}` (+ `/json`) and `/rowstore/dataset/{id}/info` (entrystore-api.md §6.2).
 */
import type { ServerResponse } from 'node:http';
import type { StoreApp } from '../app.ts';
import type { RouteContext } from '../http/router.ts';
import { sendJson } from '../http/respond.ts';
import type { RowDataset, RowStoreData } from './rowstore.ts';

const MAX_LIMIT = 100;

/** RowStore answers some errors with an empty body. */
function empty(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'Content-Length': '0' });
  res.end();
}

/** Query parameters in order (URLSearchParams semantics; RowStore is a plain servlet, not EntryStore's parser). */
function queryOf(ctx: RouteContext): URLSearchParams {
  const url = ctx.req.url ?? '/';
  const q = url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
}

/** `2015-04-23T12:20:43+0000`, the shape RowStore uses for `created`. */
function rowstoreDate(d: Date): string {
  return `${d.toISOString().slice(0, 19)}+0000`;
}

export function addRowstoreRoutesFor(app: StoreApp, rows: RowStoreData, processing: () => string | undefined): void {
  const origin = new URL(app.baseUrl).origin;
  const dsUrl = (id: string): string => `${origin}/rowstore/dataset/${encodeURIComponent(id)}`;
  const find = (ctx: RouteContext): RowDataset | undefined => {
    const ds = rows.dataset(ctx.match.id!);
    if (!ds) sendJson(ctx, 404, { error: 'Dataset not found' });
    return ds;
  };

  app.router.add(['GET'], /^\/rowstore\/datasets\/?$/, (ctx) => {
    sendJson(ctx, 200, rows.datasets().map((d) => ({ id: d.id, distribution: d.api.resourceUri, source: d.sourceUri, url: dsUrl(d.id) })));
  });

  app.router.add(['GET'], /^\/rowstore\/dataset\/(?<id>[^/]+)\/info\/?$/, async (ctx) => {
    const ds = find(ctx);
    if (!ds) return;
    const busy = ds.source !== undefined && processing() === ds.source.resourceUri;
    sendJson(ctx, 200, {
      status: busy ? 2 : 3,
      created: rowstoreDate(ds.api.created),
      columnnames: await rows.columns(ds),
      rowcount: await rows.rowCount(ds),
      identifier: ds.id,
      aliases: [],
      '@context': 'https://entrystore.org/rowstore/',
      '@id': dsUrl(ds.id),
    });
  });

  const page = async (ctx: RouteContext): Promise<void> => {
    const ds = find(ctx);
    if (!ds) return;
    const started = performance.now();
    const params = queryOf(ctx);
    const columns = new Set(await rows.columns(ds));
    let limit = 100;
    let offset = 0;
    let callback: string | undefined;
    const filters = new Map<string, string>();
    const passOn: [string, string][] = [];
    for (const [key, value] of params) {
      if (key === '_limit') {
        if (!/^-?\d+$/.test(value)) return empty(ctx.res, 400);
        const n = Number(value);
        limit = n >= 1 && n <= MAX_LIMIT ? n : 100;
      } else if (key === '_offset') {
        if (!/^\d+$/.test(value)) return empty(ctx.res, 400);
        offset = Number(value);
      } else if (key === '_sort') {
        passOn.push([key, value]);
      } else if (key === '_callback') {
        callback = value;
      } else if (columns.has(key.toLowerCase())) {
        if (value.startsWith('^')) {
          try {
            new RegExp(value);
          } catch {
            return empty(ctx.res, 400);
          }
        }
        filters.set(key.toLowerCase(), value);
        passOn.push([key, value]);
      } else {
        return empty(ctx.res, 400);
      }
    }
    const { rows: results, total } = await rows.query(ds, { filters, limit, offset });
    const link = (o: number): string => {
      const q = new URLSearchParams([['_offset', String(o)], ['_limit', String(limit)], ...passOn]);
      return `${dsUrl(ds.id)}/json?${q.toString()}`;
    };
    const body: Record<string, unknown> = {
      results,
      limit,
      offset,
      // RowStore quirk: 0 when the page is empty, even with matches before it.
      resultCount: results.length === 0 ? 0 : total,
      queryTime: Math.round(performance.now() - started),
    };
    if (offset > 0) body.prev = link(Math.max(0, offset - limit));
    if (total >= offset + limit) body.next = link(offset + limit);
    const params2 = new Map<string, string>(callback ? [['callback', callback]] : []);
    sendJson({ res: ctx.res, params: params2 }, 200, body);
  };
  app.router.add(['GET'], /^\/rowstore\/dataset\/(?<id>[^/]+)\/json\/?$/, page);
  app.router.add(['GET'], /^\/rowstore\/dataset\/(?<id>[^/]+)\/?$/, page);
}
