/**
 * A fake `fetch` for the store client tests: records every request and answers like EntryStore would, using the
 * recorded-shape fixtures of entrystore-api.md §7 (test/unit/fixtures/entrystore/). Not a test file itself.
 */
import { readFileSync } from 'node:fs';

export const STORE = 'https://data.example.org/store/';
export const RES = (id: string | number) => `${STORE}7/resource/${id}`;

export function fixture(name: string): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`./fixtures/entrystore/${name}`, import.meta.url), 'utf8'));
}

export interface RecordedRequest {
  url: string;
  init: RequestInit | undefined;
  /** Parameters as EntryStore parses them (text after the last `?`, split on `&` and `=`, form-decoded). */
  params: Map<string, string>;
}

/** EntryStore's `Util.parseRequest` (entrystore-api.md §2.1), so tests see what the server would see. */
export function storeParams(url: string): Map<string, string> {
  const params = new Map<string, string>();
  const q = url.lastIndexOf('?');
  if (q < 0) return params;
  for (const pair of url.slice(q + 1).split('&')) {
    const [key, value] = pair.split('=');
    params.set(key!, value === undefined ? '' : decodeURIComponent(value.replace(/\+/g, ' ')));
  }
  return params;
}

/** Lucene un-escaping of the values of `field:value` clauses in a decoded query. */
export function clauseValues(query: string, field: string): string[] {
  const re = new RegExp(`(?:^|[\\s(])${field.replace(/\./g, '\\.')}:((?:\\\\.|[^\\s()\\\\])+)`, 'g');
  return [...query.matchAll(re)].map((m) => m[1]!.replace(/\\(.)/gs, '$1'));
}

export const json = (body: unknown, status = 200): Response =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A search child for any resource URI of the example store (id = last path segment). */
export function syntheticChild(resourceUri: string): Record<string, unknown> {
  const id = resourceUri.split('/').pop()!;
  return {
    entryId: id,
    contextId: '7',
    info: {
      [`${STORE}7/entry/${id}`]: { 'http://entrystore.org/terms/resource': [{ type: 'uri', value: resourceUri }] },
    },
    metadata: {
      [resourceUri]: { 'http://purl.org/dc/terms/title': [{ type: 'literal', value: `Entry ${id}`, lang: 'sv' }] },
    },
    relations: {},
  };
}

export interface FakeStore {
  fetch: typeof fetch;
  requests: RecordedRequest[];
  /** Replace to answer differently; gets the recorded request. */
  handler: (req: RecordedRequest) => Response | Promise<Response>;
}

/**
 * Default answers: entry 7/10 from the fixture; searches with `resource:` clauses return the fixture children for
 * 10, 11, 12, 13, 20 and synthetic children for other `{store}7/resource/N` URIs (none for foreign URIs); any other
 * search returns the dataset search fixture.
 */
export function fakeStore(): FakeStore {
  const known = new Map<string, unknown>();
  for (const name of ['search-datasets.json', 'search-distributions.json', 'search-file-13.json']) {
    for (const child of fixture(name).resource.children) known.set(RES(child.entryId), child);
  }
  const store: FakeStore = {
    requests: [],
    handler: (req) => {
      const path = req.url.slice(STORE.length).split('?')[0]!;
      if (path === '7/entry/10') return json(fixture('entry-7-10.json'));
      if (/^\w+\/entry\//.test(path)) return json({ error: 'Entry not found' }, 404);
      if (path !== 'search') return json({ error: 'There is no resource at this URI.' }, 404);
      const query = req.params.get('query') ?? '';
      const uris = clauseValues(query, 'resource');
      if (uris.length === 0) return json(fixture('search-datasets.json'));
      const children = uris
        .map((u) => known.get(u) ?? (u.startsWith(`${STORE}7/resource/`) ? syntheticChild(u) : undefined))
        .filter(Boolean);
      const limit = Number(req.params.get('limit') ?? 50);
      const page = children.slice(0, limit);
      return json({ resource: { children: page }, results: children.length, limit, offset: 0, facetFields: [] });
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const req = { url, init, params: storeParams(url) };
      store.requests.push(req);
      return store.handler(req);
    }) as typeof fetch,
  };
  return store;
}

/** Lets the batcher's timer and every pending promise run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 5));
