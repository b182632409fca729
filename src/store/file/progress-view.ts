/**
 * How far a catalog file has come, shown in the blocks' loading state (README "No catalog server?"): "Reading the
 * catalog file… 1.2 of 3.6 MB", then "Indexing the catalog…". The file store (a lazy chunk) starts this while it opens
 * a file, so pages without a catalog file carry none of it. It listens to the `catalog-file-progress` events the file
 * store dispatches and writes into every loading state on the page (`.esbLoading`, which the blocks render and remove):
 * a text beside the spinner that follows every few chunks, and in the first loading state a polite live region that
 * changes at most every few seconds (a screen reader hears the progress, not every chunk of it).
 */
import { formatNumber, msg, toLang, type Lang } from '../../i18n/index.ts';
import type { CatalogProgress } from './open-catalog.ts';
import { loadFileStoreMessages } from './strings.ts';

/** The part of the DOM used here (typed here: the file store is also part of catalog-blocks/api, which runs in Node). */
interface Node {
  textContent: string | null;
  className: string;
  readonly firstElementChild: Node | null;
  closest(selector: string): Node | null;
  querySelector(selector: string): Node | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  appendChild<T extends Node>(child: T): T;
  append(child: Node): void;
}
export interface ProgressDocument {
  querySelectorAll(selector: string): Iterable<Node>;
  createElement(tag: string): Node;
  addEventListener(type: string, listener: (e: Event) => void): void;
  removeEventListener(type: string, listener: (e: Event) => void): void;
}

/** A live region changes at most this often. */
export const ANNOUNCE_EVERY_MS = 3000;
/** Loading states that appear after the last event get its text this soon. */
const REFRESH_MS = 500;
const CLS = 'esbLoadProgress';

const MB = 1_000_000;

/** "1.2 of 3.6 MB", "1,2 av 3,6 MB", "38 of 113 kB": the unit of the total, the loaded size in the same unit. */
export function progressText(lang: Lang, p: CatalogProgress): string {
  if (p.phase !== 'download') return msg(lang, 'file.indexing');
  const unit = (p.total ?? p.loaded) >= MB ? 'MB' : 'kB';
  const size = (bytes: number) => formatNumber(unit === 'MB' ? Math.round(bytes / (MB / 10)) / 10 : Math.round(bytes / 1000), lang);
  return p.total === undefined
    ? msg(lang, 'file.readingSoFar', { loaded: `${size(p.loaded)} ${unit}` })
    : msg(lang, 'file.reading', { loaded: size(p.loaded), total: `${size(p.total)} ${unit}` });
}

/** Shows the progress of `catalogUrl` in the page's loading states until the returned function is called. */
export function showCatalogProgress(catalogUrl: string, doc: ProgressDocument): () => void {
  let last: CatalogProgress | undefined;
  let announcedAt = 0;
  /** The live region is to say the latest progress on the next draw that can. */
  let announceDue = false;
  let announceTimer: ReturnType<typeof setTimeout> | undefined;
  const ready = new Set<Lang>();
  const langOf = (el: Node): Lang => toLang(el.closest('[lang]')?.getAttribute('lang')) ?? 'en';

  const draw = () => {
    if (!last) return;
    const p = last;
    [...doc.querySelectorAll('.esbLoading')].forEach((state, i) => {
      const lang = langOf(state);
      if (!ready.has(lang)) {
        // the strings of a language come with its first event (a small lazy chunk): drawn when they are here
        void loadFileStoreMessages(lang).then(() => {
          ready.add(lang);
          draw();
        });
        return;
      }
      let box = state.querySelector(`:scope > .${CLS}`);
      if (!box) {
        box = doc.createElement('span');
        box.className = CLS;
        box.appendChild(doc.createElement('span')).setAttribute('aria-hidden', 'true');
        state.append(box);
      }
      const text = progressText(lang, p);
      const shown = box.firstElementChild!;
      if (shown.textContent !== text) shown.textContent = text;
      if (i > 0) return;
      // one live region on the page, in the first loading state (every block already says "Loading…" once)
      let live = box.querySelector('[role="status"]');
      if (!live) {
        live = box.appendChild(doc.createElement('span'));
        live.className = 'esbVisuallyHidden';
        live.setAttribute('role', 'status');
      }
      if (announceDue) {
        announceDue = false;
        announcedAt = Date.now();
        if (live.textContent !== text) live.textContent = text;
      }
    });
  };

  const onProgress = (e: Event) => {
    const detail = (e as CustomEvent<CatalogProgress & { catalogUrl: string }>).detail;
    if (detail?.catalogUrl !== catalogUrl) return;
    last = detail;
    const wait = announcedAt + ANNOUNCE_EVERY_MS - Date.now();
    if (wait <= 0) announceDue = true;
    else
      announceTimer ??= setTimeout(() => {
        announceTimer = undefined;
        announceDue = true;
        draw();
      }, wait);
    draw();
  };
  doc.addEventListener('catalog-file-progress', onProgress);
  // loading states drawn after the last event (a list a layout adds, the long silence of indexing) get its text too
  const refresh = setInterval(draw, REFRESH_MS);
  return () => {
    doc.removeEventListener('catalog-file-progress', onProgress);
    clearInterval(refresh);
    clearTimeout(announceTimer);
  };
}
