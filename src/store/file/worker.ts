/**
 * The file store's worker: opens one catalog file (src/store/file/open-catalog.ts) and answers the page's store reads,
 * so parsing and indexing a large file never stall the page.
 */
import { answerJson, isCatalogFileFailure, openCatalog, type AnswerGet, type FileAnswer } from './open-catalog.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

const scope = self as unknown as { postMessage(m: FromWorker, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<ToWorker>) => void) | null };
const utf8 = new TextEncoder();
let answer: Promise<AnswerGet> | undefined;

scope.onmessage = ({ data }) => {
  if (data.type === 'open') {
    answer = openCatalog(data.source, (p) => scope.postMessage({ type: 'progress', ...p }));
    answer.then(
      () => scope.postMessage({ type: 'ready' }),
      (e: unknown) => scope.postMessage(isCatalogFileFailure(e) ? { type: 'failed', ...e } : { type: 'broken', message: String(e) }),
    );
    return;
  }
  const { id, url } = data;
  void answer?.then(async (get) => {
    const a: FileAnswer = await get(url).catch((e: unknown) => ({ status: 500, body: { error: String(e) } }));
    const body = utf8.encode(answerJson(a));
    scope.postMessage({ type: 'answer', id, status: a.status, body }, [body.buffer]);
  });
};
