/** A tiny method + path router (node:http), so later features (/api, /taskrunner/v1, auth) can add routes. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseParams, pathOf } from '../../src/catalog-engine/params.ts';

export interface RouteContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  /** Raw (still percent-encoded) path. */
  readonly path: string;
  /** EntryStore-style parameters (§2.1). */
  readonly params: Map<string, string>;
  /** Decoded named groups of the route pattern. */
  readonly match: Record<string, string>;
}

export type RouteHandler = (ctx: RouteContext) => void | Promise<void>;

interface Route {
  methods: Set<string>;
  pattern: RegExp;
  handler: RouteHandler;
}

export class Router {
  #routes: Route[] = [];

  /** `methods` e.g. ['GET'] (HEAD is implied by GET); `pattern` is matched against the raw path. */
  add(methods: readonly string[], pattern: RegExp, handler: RouteHandler): this {
    const set = new Set(methods.map((m) => m.toUpperCase()));
    if (set.has('GET')) set.add('HEAD');
    this.#routes.push({ methods: set, pattern, handler });
    return this;
  }

  /**
   * Runs the first route whose pattern and method match. Returns 'handled', 'method-not-allowed' (path known,
   * method not; `allowed` lists the methods) or 'not-found'.
   */
  async dispatch(req: IncomingMessage, res: ServerResponse): Promise<{ outcome: 'handled' | 'method-not-allowed' | 'not-found'; allowed: string[] }> {
    const rawUrl = req.url ?? '/';
    const path = pathOf(rawUrl);
    const method = (req.method ?? 'GET').toUpperCase();
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      if (!route.methods.has(method)) {
        for (const x of route.methods) allowed.add(x);
        continue;
      }
      const match: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.groups ?? {})) {
        if (v === undefined) continue;
        try {
          match[k] = decodeURIComponent(v);
        } catch {
          match[k] = v;
        }
      }
      await route.handler({ req, res, method, path, params: parseParams(rawUrl), match });
      return { outcome: 'handled', allowed: [] };
    }
    return { outcome: allowed.size > 0 ? 'method-not-allowed' : 'not-found', allowed: [...allowed] };
  }
}
