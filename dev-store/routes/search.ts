/** `GET {store}search` (§2). */
import type { StoreApp } from '../app.ts';
import { rx } from '../app.ts';
import { sendJson } from '../http/respond.ts';
import { runSearch } from '../../src/catalog-engine/search/search.ts';

export function addSearchRoutes(app: StoreApp): void {
  app.router.add(['GET'], new RegExp(`^${rx(app.storePath)}search/?$`), async (ctx) => {
    const outcome = await runSearch(app.store, app.index, ctx.params, app.maxLimit);
    sendJson(ctx, outcome.status, outcome.body);
  });
}
