/**
 * `/rowstore/datasets`, `/rowstore/dataset/{id}` (+ `/json`), `/rowstore/dataset/{id}/info`, `/html` (a browser
 * asking `{id}` for HTML is sent there with 303) and `/swagger` (the generated API description) — entrystore-api.md §6.2.
 */
import type { ServerResponse } from 'node:http';
import type { StoreApp } from '../app.ts';
import type { RouteContext } from '../http/router.ts';
import { negotiate } from '../http/negotiate.ts';
import { sendJson, sendText } from '../http/respond.ts';
import type { RowDataset, RowStoreData } from './rowstore.ts';
import { storedContentHeaders } from '../http/file-headers.ts';

const MAX_LIMIT = 100;

const escapeHtml = (v: string): string =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  app.router.add(['GET'], /^\/rowstore\/dataset\/(?<id>[^/]+)\/?$/, async (ctx) => {
    // RowStore: an HTML Accept on the dataset URL is sent to its HTML view; anything else gets the JSON page.
    if (negotiate(ctx.req.headers.accept, ['text/html', 'application/json']) === 'text/html' && rows.dataset(ctx.match.id!)) {
      ctx.res.writeHead(303, { Location: `${dsUrl(ctx.match.id!)}/html`, 'Content-Length': '0' });
      ctx.res.end();
      return;
    }
    await page(ctx);
  });

  /** The first rows as an HTML table (what a person following the API link in a browser sees). */
  app.router.add(['GET'], /^\/rowstore\/dataset\/(?<id>[^/]+)\/html\/?$/, async (ctx) => {
    const ds = rows.dataset(ctx.match.id!);
    if (!ds) return sendText(ctx.res, 404, 'text/plain; charset=utf-8', 'Dataset not found');
    const columns = await rows.columns(ds);
    const { rows: first, total } = await rows.query(ds, { filters: new Map(), limit: MAX_LIMIT, offset: 0 });
    const head = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
    const body = first.map((r) => `<tr>${columns.map((c) => `<td>${escapeHtml(r[c] ?? '')}</td>`).join('')}</tr>`).join('\n');
    const html = `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Dataset ${escapeHtml(ds.id)}</title></head>
<body><h1>Dataset ${escapeHtml(ds.id)}</h1><p>${first.length} of ${total} rows; JSON: <a href="${escapeHtml(dsUrl(ds.id))}/json">${escapeHtml(dsUrl(ds.id))}/json</a>, API description: <a href="${escapeHtml(dsUrl(ds.id))}/swagger">swagger</a>.</p>
<table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></body></html>\n`;
    // The cells are user data (uploaded CSV): escaped, and the page is sandboxed like every stored file.
    sendText(ctx.res, 200, 'text/html; charset=utf-8', html, storedContentHeaders());
  });

  /** The generated API description of a dataset (Swagger 2.0, as RowStore generates it): one query parameter per column. */
  app.router.add(['GET'], /^\/rowstore\/dataset\/(?<id>[^/]+)\/swagger\/?$/, async (ctx) => {
    const ds = find(ctx);
    if (!ds) return;
    const columns = await rows.columns(ds);
    const url = new URL(dsUrl(ds.id));
    const query = (name: string, type: string, description: string) => ({ name, in: 'query', required: false, type, description });
    sendJson(ctx, 200, {
      swagger: '2.0',
      info: { title: `Dataset ${ds.id}`, version: '1.0', description: `Rows of the API distribution ${ds.api.resourceUri}` },
      host: url.host,
      basePath: url.pathname,
      schemes: [url.protocol.replace(':', '')],
      produces: ['application/json'],
      paths: {
        '/json': {
          get: {
            summary: 'Rows matching every given column value (exact match; a value starting with ^ is a regular expression)',
            parameters: [
              ...columns.map((c) => query(c, 'string', `Only rows whose "${c}" equals this value`)),
              query('_limit', 'integer', `Rows per page, 1-${MAX_LIMIT} (default 100)`),
              query('_offset', 'integer', 'Rows to skip (default 0)'),
            ],
            responses: {
              200: { description: 'A page of rows: results, resultCount, limit, offset, next, prev' },
              400: { description: 'A parameter that is neither a column nor _limit/_offset/_sort/_callback' },
              404: { description: 'No such dataset' },
            },
          },
        },
      },
    });
  });
}
