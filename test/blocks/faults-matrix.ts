// The fault matrix (issue 8): every fault kind × every block kind (run by faults.test.ts and faults-layouts.test.ts,
// split so that each file stays well inside the runner's per-file time limit). The real store client gets a fetch that answers
// every request with the fault while it is "on" and passes through to the dev store once it is "off". Each case
// asserts a VISIBLE error (never an empty-catalog text such as "There are no datasets to show" or "Showing all N"),
// a working "Try again" after the fault clears (the block then shows real content and keeps focus inside itself)
// and no unhandled rejection anywhere in the run.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { devStore, entryById, text, uniqueKey } from './helpers.ts';
import '../../blocks/base/store-provider.ts';
import '../../blocks/dataset-view/dataset-view.ts';
import '../../blocks/dataservice-view/dataservice-view.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-results/dataset-results.ts';
import '../../blocks/dataset-search/dataset-search.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import '../../blocks/dataset-exports/dataset-exports.ts';
import '../../blocks/dataset-list-layout/dataset-list-layout.ts';
import '../../blocks/dataset-simple-search-layout/dataset-simple-search-layout.ts';
import '../../blocks/dataset-multi-search-layout/dataset-multi-search-layout.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../../blocks/dataset-compact-facet-search-layout/dataset-compact-facet-search-layout.ts';
import '../../blocks/dataset-facet-search-portal-layout/dataset-facet-search-portal-layout.ts';

const isSearch = (url: string) => new URL(url).pathname.endsWith('/search');
const isEntry = (url: string) => /\/entry\/[^/]+$/.test(new URL(url).pathname);

const json = (body: unknown, status = 200) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Reads the real answer and rewrites it (wrong shapes built from real data). */
async function rewrite(url: string, init: RequestInit | undefined, edit: (body: Record<string, unknown>) => unknown): Promise<Response> {
  const real = (await (await fetch(url, init)).json()) as Record<string, unknown>;
  return json(edit(real));
}

type Respond = (url: string, init: RequestInit | undefined) => Promise<Response> | undefined;

/** Fault kinds: each answers a request (undefined = this request passes through untouched). */
export const FAULTS: Record<string, Respond> = {
  network: () => Promise.reject(new TypeError('Failed to fetch')),
  status500: () => Promise.resolve(json({ error: 'fault' }, 500)),
  search404: (url) => (isSearch(url) ? Promise.resolve(json({ error: 'There is no resource at this URI.' }, 404)) : undefined),
  entry404: (url) => (isEntry(url) ? Promise.resolve(json({ error: 'Entry not found' }, 404)) : undefined),
  garbageJson: () => Promise.resolve(json('{"resource": {"children": [}}}} garbage')),
  truncatedJson: async (url, init) => {
    const body = await (await fetch(url, init)).text();
    return json(body.slice(0, Math.floor(body.length / 2)));
  },
  nullBody: () => Promise.resolve(json('null')),
  emptyBody: () => Promise.resolve(json('')),
  resourceMissing: (url, init) =>
    rewrite(url, init, (b) => (isSearch(url) ? { results: 14, limit: 10, offset: 0, facetFields: b.facetFields ?? [] } : [b])),
  childrenNotArray: (url, init) =>
    rewrite(url, init, (b) => (isSearch(url) ? { ...b, resource: { children: { 0: 'x' } } } : { ...b, info: 'x', metadata: { s: 5 } })),
  metadataNotObject: (url, init) =>
    rewrite(url, init, (b) => {
      if (!isSearch(url)) return { ...b, metadata: 'not an object' };
      const children = ((b.resource as { children?: Array<Record<string, unknown>> } | undefined)?.children ?? []).map((c) => ({ ...c, metadata: 42 }));
      return { ...b, resource: { children: children.length ? children : [{ entryId: '1', contextId: '1', metadata: 42 }] } };
    }),
  resultsNotNumber: (url, init) => rewrite(url, init, (b) => (isSearch(url) ? { ...b, results: 'many' } : { ...b, metadata: [] })),
  // Never answers: the client's timeout (short in this test) must end it.
  slow: (_url, init) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
  html200: () =>
    Promise.resolve(new Response('<!doctype html><title>Proxy error</title><p>Bad gateway</p>', { status: 200, headers: { 'Content-Type': 'text/html' } })),
};

/** A store client whose requests fail with `fault` while `switch.on`. */
function faultyStore(storeUrl: string, respond: Respond, timeoutMs: number) {
  const control = { on: true, faulted: 0 };
  const store = new EntryStoreClient(storeUrl, {
    timeoutMs,
    // The faults are fetch's: with `auto` a "network" fault (a refused cross-origin fetch) would be read again
    // through JSONP from the real store. JSONP failing too ends in the same error state: block-states.test.ts
    // "store unreachable", store-jsonp.test.ts.
    transport: 'cors',
    fetch: (input, init) => {
      const url = String(input);
      const answer = control.on ? respond(url, init) : undefined;
      if (answer) {
        control.faulted++;
        return answer;
      }
      return fetch(input, init);
    },
  });
  return { store, control };
}

const EMPTY_TEXTS = ['There are no datasets to show', 'Showing all', 'No datasets match', 'There is nothing to export'];

interface Ids {
  ds: { contextId: string; entryId: string };
  svc: { contextId: string; entryId: string };
  context: string;
}

export interface BlockKind {
  name: string;
  template(scope: string, ids: Ids): ReturnType<typeof html>;
  /** Faults of these kinds never reach this block (e.g. a search block sends no entry request). */
  skip?: readonly string[];
  /** Before the fault is switched on (exports: the list loads first, the fault hits the export). */
  prepare?(root: Element): Promise<void>;
  /** Makes the block meet the fault (exports: click a button); default: rendering already did. */
  trigger?(root: Element): void;
  error(root: Element): Element | null;
  retry(root: Element): HTMLButtonElement | null;
  content(root: Element): boolean;
}

const searchError = (root: Element) => root.querySelector('.esbError');
/** The first VISIBLE "Try again" (a facet column may be collapsed behind the mobile "Filters" toggle). */
const retryButton = (root: Element) =>
  [...root.querySelectorAll<HTMLButtonElement>('button.esbRetry')].find((b) => b.getClientRects().length > 0) ?? null;
const hasRows = (root: Element) => root.querySelectorAll('ul.entryList > li').length > 0;
const landingError = (root: Element) => root.querySelector('.esbError, .esbRelatedFailed');
const exportButton = (root: Element) => root.querySelector<HTMLButtonElement>('button.esbExportButton[data-format="csv"]');

const LANDING_SKIP = [] as const;
const SEARCH_SKIP = ['entry404'] as const;

export const BLOCK_KINDS: BlockKind[] = [
  {
    name: 'dataset-view',
    template: (_s, ids) => html`<dataset-view context=${ids.ds.contextId} entry=${ids.ds.entryId}></dataset-view>`,
    skip: LANDING_SKIP,
    error: landingError,
    retry: retryButton,
    content: (root) => text(root.querySelector('h1')) === 'Bathing sites' && !landingError(root) && root.querySelectorAll('.esbDistributions li').length > 0,
  },
  {
    name: 'dataservice-view',
    template: (_s, ids) => html`<dataservice-view context=${ids.svc.contextId} entry=${ids.svc.entryId}></dataservice-view>`,
    skip: LANDING_SKIP,
    error: landingError,
    retry: retryButton,
    content: (root) => text(root.querySelector('h1')) === 'Bathing site API' && !landingError(root) && root.querySelectorAll('.esbServedList li').length > 0,
  },
  {
    name: 'dataset-list',
    template: (s, ids) => html`<dataset-list scope=${s} context=${ids.context}></dataset-list>`,
    skip: SEARCH_SKIP,
    error: searchError,
    retry: retryButton,
    content: hasRows,
  },
  {
    name: 'dataset-search + dataset-results + dataset-list',
    template: (s, ids) => html`<dataset-search scope=${s}></dataset-search><dataset-results scope=${s}></dataset-results>
      <dataset-list scope=${s} context=${ids.context}></dataset-list>`,
    skip: SEARCH_SKIP,
    error: searchError,
    retry: retryButton,
    content: (root) => hasRows(root) && /Showing all \d+ datasets/.test(text(root.querySelector('.esbResults'))),
  },
  {
    name: 'dataset-facets',
    template: (s) => html`<dataset-facets scope=${s}></dataset-facets>`,
    skip: SEARCH_SKIP,
    error: searchError,
    retry: retryButton,
    content: (root) => root.querySelectorAll('a.esbFacets__optionLink').length > 0,
  },
  ...['dataset-list-layout', 'dataset-simple-search-layout', 'dataset-multi-search-layout', 'dataset-facet-search-layout',
    'dataset-compact-facet-search-layout', 'dataset-facet-search-portal-layout'].map((tag): BlockKind => ({
    name: tag,
    template: (s, ids) => {
      const el = document.createElement(tag);
      el.setAttribute('scope', s);
      el.setAttribute('context', ids.context);
      return html`${el}`;
    },
    skip: SEARCH_SKIP,
    error: searchError,
    retry: retryButton,
    content: hasRows,
  })),
  {
    name: 'dataset-exports',
    template: (s, ids) => html`<dataset-list scope=${s} context=${ids.context}></dataset-list><dataset-exports scope=${s}></dataset-exports>`,
    skip: SEARCH_SKIP,
    async prepare(root) {
      await waitUntil(() => hasRows(root) && exportButton(root) && !exportButton(root)!.disabled, 'the list loads before the fault', { timeout: 6000 });
    },
    trigger: (root) => exportButton(root)!.click(),
    error: (root) => {
      const status = root.querySelector('.esbExportStatus');
      return status && /failed|could not/i.test(text(status)) ? status : null;
    },
    retry: exportButton,
    content: (root) => /Exported \d+ datasets/.test(text(root.querySelector('.esbExportStatus'))),
  },
];

const rejections: unknown[] = [];
const onRejection = (e: PromiseRejectionEvent) => rejections.push(e.reason);
before(() => window.addEventListener('unhandledrejection', onRejection));
after(() => window.removeEventListener('unhandledrejection', onRejection));

let ids: Ids;
let storeUrl: string;
before(async () => {
  ({ storeUrl } = await devStore());
  const [ds, svc] = await Promise.all([entryById('blocks-ds1'), entryById('blocks-svc1')]);
  ids = { ds, svc, context: ds.contextId };
});

const counted = { cases: 0 };

/** Runs every fault kind against each of `kinds` (a describe per block kind). */
export function runFaultMatrix(title: string, kinds: readonly BlockKind[]): void {
describe(title, () => {
  for (const kind of kinds) {
    describe(kind.name, () => {
      for (const [faultName, respond] of Object.entries(FAULTS)) {
        if (kind.skip?.includes(faultName)) continue;
        it(`${faultName}: visible error, "Try again" recovers, focus stays in the block`, async () => {
          counted.cases++;
          const { store, control } = faultyStore(storeUrl, respond, faultName === 'slow' ? 1500 : 15000);
          if (kind.prepare) control.on = false;
          const scope = uniqueKey('faults');
          const provider = await fixture(html`<catalog-store-provider .store=${store}>${kind.template(scope, ids)}</catalog-store-provider>`);
          if (kind.prepare) {
            await kind.prepare(provider);
            control.on = true;
          }
          kind.trigger?.(provider);
          await waitUntil(() => kind.error(provider), `${kind.name} shows an error for ${faultName}`, { timeout: 6000 });
          expect(control.faulted, 'the fault was met').to.be.greaterThan(0);
          const shown = text(provider);
          for (const empty of EMPTY_TEXTS) expect(shown, `no empty-catalog text for ${faultName}`).not.to.include(empty);

          control.on = false;
          const retry = kind.retry(provider);
          expect(retry, `a "Try again" for ${faultName}`).to.exist;
          retry!.focus();
          retry!.click();
          await waitUntil(() => kind.content(provider), `${kind.name} recovers after ${faultName}`, { timeout: 6000 });
          expect(kind.error(provider), 'no error left').to.equal(null);
          const active = document.activeElement;
          expect(active !== document.body && !!active && provider.contains(active), 'focus stays inside the block').to.equal(true);
          expect(rejections, 'no unhandled rejections').to.deep.equal([]);
        });
      }
    });
  }

  after(() => console.log(`[faults] ${title}: ${Object.keys(FAULTS).length} fault kinds × ${kinds.length} block kinds = ${counted.cases} cases run`));
});

describe(`${title}: no unhandled rejections`, () => {
  it('none in the whole run', () => {
    expect(rejections).to.deep.equal([]);
  });
});
}
