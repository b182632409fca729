/**
 * Entry routes (§3): `{ctx}/entry/{id}`, `{ctx}/metadata/{id}` (+ merged-metadata), `{ctx}/relations/{id}`,
 * `{ctx}/cached-external-metadata/{id}`, `{ctx}/resource/{id}`, and the context entries `_contexts/entry/{ctx}`.
 */
import type { StoreApp } from '../app.ts';
import { rx } from '../app.ts';
import type { Entry } from '../../src/catalog-engine/catalog.ts';
import { entryJson, GUEST_RIGHTS } from '../../src/catalog-engine/entry-json.ts';
import { cacheHeaders, notModified } from '../http/conditional.ts';
import { contentDisposition, storedContentHeaders } from '../http/file-headers.ts';
import { negotiate } from '../http/negotiate.ts';
import { rangeHeaders, requestedRange, type RangeAnswer } from '../http/range.ts';
import { sendError, sendJson, sendText } from '../http/respond.ts';
import type { RouteContext } from '../http/router.ts';
import { toRdfJson } from '../../src/catalog-engine/write.ts';
import { renderGraph, withCharset } from './formats.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { createReadStream } from 'node:fs';

const JSON_TYPES = ['application/json'];

export function addEntryRoutes(app: StoreApp): void {
  const base = rx(app.storePath);
  const route = (kind: string) => new RegExp(`^${base}(?<ctx>[^/_][^/]*)/${kind}/(?<id>[^/]+)/?$`);

  const find = (ctx: RouteContext): Entry | undefined => {
    const e = app.store.getEntry(ctx.match.ctx!, ctx.match.id!);
    if (!e) sendError(ctx, 404, 'Entry not found');
    return e;
  };

  /** 304 when the client's copy is current; else the cache headers to send. */
  const conditional = (ctx: RouteContext, e: Entry): Record<string, string> | undefined => {
    const headers = cacheHeaders(e.modified);
    if (notModified(ctx.req, e.modified)) {
      ctx.res.writeHead(304, headers);
      ctx.res.end();
      return undefined;
    }
    return headers;
  };

  app.router.add(['GET'], route('entry'), async (ctx) => {
    const e = find(ctx);
    if (!e) return;
    const headers = conditional(ctx, e);
    if (!headers) return;
    const format = ctx.params.get('format');
    const wantsJson = format ? JSON_TYPES.includes(format) : negotiate(ctx.req.headers.accept, ['application/json', 'application/rdf+xml', 'text/turtle', 'application/n-triples', 'application/ld+json', 'application/rdf+json', 'text/rdf+n3']) === 'application/json';
    if (wantsJson) {
      const body = await entryJson(app.store, e, ctx.params.has('includeAll'), ctx.params.get('rdfFormat') === 'application/ld+json');
      sendJson(ctx, 200, body, headers);
      return;
    }
    // Non-JSON formats serialize the entry information graph only; no match → RDF/XML.
    const out = await renderGraph(app.store.infoGraph(e), format, ctx.req.headers.accept);
    sendText(ctx.res, 200, withCharset(out.contentType), out.body, { ...headers, ...storedContentHeaders() });
  });

  const metadataHandler = async (ctx: RouteContext): Promise<void> => {
    const e = find(ctx);
    if (!e) return;
    const headers = conditional(ctx, e);
    if (!headers) return;
    const out = await renderGraph(e.metadata, ctx.params.get('format'), ctx.req.headers.accept);
    const disposition = ctx.params.has('download') ? 'attachment' : 'inline';
    // RDF/XML and the other formats carry catalog text: never a document that runs script on the store origin.
    sendText(ctx.res, 200, withCharset(out.contentType), out.body, {
      ...headers,
      ...storedContentHeaders(),
      'Content-Disposition': `${disposition}; filename="${e.entryId.replace(/["\\]/g, '_')}.${out.ext}"`,
    });
  };
  app.router.add(['GET'], route('metadata'), metadataHandler);
  app.router.add(['GET'], route('merged-metadata'), metadataHandler);

  app.router.add(['GET'], route('relations'), async (ctx) => {
    const e = find(ctx);
    if (!e) return;
    const out = await renderGraph(e.relations, ctx.params.get('format'), ctx.req.headers.accept, 'application/json');
    sendText(ctx.res, 200, withCharset(out.contentType), out.body);
  });

  // Local and Link entries have no external metadata: 404 with an empty body (§3.3).
  app.router.add(['GET'], route('cached-external-metadata'), (ctx) => {
    if (!find(ctx)) return;
    ctx.res.writeHead(404);
    ctx.res.end();
  });

  app.router.add(['GET'], route('resource'), (ctx) => {
    const e = find(ctx);
    if (!e) return;
    if (e.file) {
      const headers = conditional(ctx, e);
      if (!headers) return;
      const res = e.resourceUri;
      const declared = e.metadata.find((t) => t.subject.value === res && t.predicate === `${NS.dcterms}format` && t.object.termType === 'Literal')?.object.value;
      const type = (declared && /^[\w.+-]+\/[\w.+-]+$/.test(declared) ? declared : undefined) ?? e.file.mime ?? '*/*';
      // Uploaded content is untrusted: never rendered with the store's origin (http/file-headers.ts).
      const fileHeaders = {
        ...headers,
        ...storedContentHeaders(),
        'Content-Disposition': contentDisposition(type, e.file.name, ctx.params.has('download')),
        Digest: `sha-256=${e.file.sha256}`,
      };
      // EntryStore serves the whole file (EntryStoreApplication.java l. 173 @ c483f900 disables Restlet's
      // RangeService): only with --range a single byte range, as a web server or proxy in front
      // would (the data preview asks for its first 10 MiB only).
      const size = e.file.size;
      const range: RangeAnswer = app.range ? requestedRange(ctx.req, size, { etag: headers.ETag!, lastModified: headers['Last-Modified']! }) : { kind: 'full' };
      const served = { ...fileHeaders, ...(app.range ? rangeHeaders(range, size) : { 'Content-Length': String(size) }) };
      if (range.kind === 'unsatisfiable') {
        ctx.res.writeHead(416, { ...served, 'Content-Length': '0' });
        ctx.res.end();
        return;
      }
      const [status, start, end] = range.kind === 'partial' ? [206, range.start, range.end] : [200, 0, size - 1];
      if (e.file.path !== undefined) return sendFileFromDisk(ctx, e.file.path, { start, end }, status, type, served);
      sendText(ctx.res, status, type, (e.file.bytes ? Buffer.from(e.file.bytes.buffer, e.file.bytes.byteOffset, e.file.bytes.byteLength) : Buffer.alloc(0)).subarray(start, end + 1), served);
      return;
    }
    // NamedResource (Local) → its metadata; Link → the external resource URI.
    const location = e.entryType === 'Local' ? e.metadataUri : e.resourceUri;
    ctx.res.writeHead(303, { Location: location });
    ctx.res.end();
  });

  app.router.add(['GET'], new RegExp(`^${base}_contexts/entry/(?<ctx>[^/]+)/?$`), async (ctx) => {
    const c = app.store.contexts.get(ctx.match.ctx!);
    if (!c) return sendError(ctx, 404, 'Entry not found');
    const info = toRdfJson(app.store.contextInfoGraph(c));
    const body: Record<string, unknown> = { entryId: c.id, name: c.alias, info };
    if (ctx.params.has('includeAll')) Object.assign(body, { metadata: {}, relations: {}, rights: GUEST_RIGHTS, resource: {} });
    sendJson(ctx, 200, body, cacheHeaders(app.store.loadTime));
  });
}

/**
 * Streams bytes `start`–`end` (inclusive) of a stored file (uploads are never read into memory whole); HEAD gets the
 * headers only. `headers` carry the Content-Length of that span.
 */
function sendFileFromDisk(ctx: RouteContext, file: string, span: { start: number; end: number }, status: number, type: string, headers: Record<string, string>): Promise<void> {
  if (span.end < span.start) {
    // An empty file: nothing to read (createReadStream refuses end < start).
    ctx.res.writeHead(status, { ...headers, 'Content-Type': type });
    ctx.res.end();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const stream = createReadStream(file, span);
    stream.once('error', () => {
      if (!ctx.res.headersSent) sendError(ctx, 500, 'Stored file cannot be read');
      else ctx.res.destroy();
      resolve();
    });
    stream.once('open', () => {
      ctx.res.writeHead(status, { ...headers, 'Content-Type': type });
      if (ctx.method === 'HEAD') {
        stream.destroy();
        ctx.res.end();
        resolve();
        return;
      }
      stream.pipe(ctx.res);
      ctx.res.once('close', () => {
        stream.destroy();
        resolve();
      });
    });
  });
}
