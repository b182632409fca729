/** Shared helpers for the dev store tests: fixture paths, an in-process store on a free port, JSON fetches. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStoreServer } from '../../dev-store/server.ts';
import type { StoreServer, StoreServerOptions } from '../../dev-store/server.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const localFixture = (name: string): string => path.join(repoRoot, 'test/store/fixtures', name);

export const FIXED_LOAD_TIME = new Date('2020-06-01T12:00:00.000Z');

export function startStore(catalogs: StoreServerOptions['catalogs'], extra: Partial<StoreServerOptions> = {}): Promise<StoreServer> {
  return createStoreServer({ catalogs, port: 0, loadTime: FIXED_LOAD_TIME, ...extra });
}

export async function getJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, { ...init, headers: { Accept: 'application/json', ...(init.headers ?? {}) } });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body, headers: res.headers };
}

/** Lucene-escape a value the way robust clients do (full special set + space). */
export function esc(v: string): string {
  return v.replace(/[+\-&|!(){}[\]^"~*?:\\/ ]/g, '\\$&');
}

/** `{store}search?type=solr&query=…` with other params. */
export function searchUrl(store: string, query: string, params: Record<string, string | number> = {}): string {
  const q = new URLSearchParams({ type: 'solr', query, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  return `${store}search?${q.toString().replace(/\+/g, '%20')}`;
}

export const DCAT = 'http://www.w3.org/ns/dcat#';
export const DCT = 'http://purl.org/dc/terms/';
export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
