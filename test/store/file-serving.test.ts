/**
 * Issue 8 point 2: stored files never run script on the store's origin. Every `{ctx}/resource/{id}` file answer has
 * `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox; default-src 'none'`; active types
 * (HTML, SVG, XHTML, XML, JavaScript, anything not on the safe list) are `attachment`; CSV stays `inline`, typed
 * and readable cross-origin (the data preview). The RowStore /html view (user rows) gets the same sandbox.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StoreServer } from '../../dev-store/server.ts';
import { apiUrl, DIST_CSV, DIST_PLAIN, jobIdToken, startJobStore, token, upload } from './api-support.ts';

const SCRIPT = '<script>document.title="pwned"</script>';

/** name, part Content-Type, content, expected served type (prefix). */
export const ACTIVE_UPLOADS: readonly [string, string, string, string][] = [
  ['page.html', 'text/html', `<!doctype html><title>t</title>${SCRIPT}`, 'text/html'],
  ['page.htm', 'text/html', `<html>${SCRIPT}</html>`, 'text/html'],
  ['image.svg', 'image/svg+xml', `<svg xmlns="http://www.w3.org/2000/svg"><script>document.title="pwned"</script></svg>`, 'image/svg+xml'],
  ['doc.xml', 'text/xml', `<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">document.title="pwned"</x:script>`, 'application/xml'],
  ['page.xhtml', 'application/xhtml+xml', `<html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`, 'application/xhtml+xml'],
  ['app.js', 'text/javascript', 'document.title="pwned"', 'text/javascript'],
  ['noextension', 'text/html', `<html>${SCRIPT}</html>`, 'text/html'],
];

describe('stored files: headers that keep uploads from running script on the store origin', () => {
  let s: StoreServer;
  let t: string;
  const served = new Map<string, string>();

  const add = async (dist: string, name: string, type: string, content: string): Promise<string> => {
    const r = await upload(apiUrl(s), 'addFile', dist, { headers: { 'X-Auth-Token': t }, filename: name, type, content });
    assert.equal(r.status, 202, r.text);
    await s.jobs.idle();
    const job = s.jobs.get(jobIdToken(r.text))!;
    assert.equal(job.status, 'SUCCESS', job.error);
    return job.resultUrl!;
  };

  before(async () => {
    s = await startJobStore({}, { corsOrigins: ['https://portal.example'] });
    t = await token(s);
    for (const [name, type, content] of ACTIVE_UPLOADS) served.set(name, await add(DIST_PLAIN, name, type, content));
    served.set('polls.csv', await add(DIST_CSV, 'polls.csv', 'text/csv', 'party,share\n<script>x</script>,1\n'));
    served.set('notes.txt', await add(DIST_PLAIN, 'notes.txt', 'text/plain', `${SCRIPT}\n`));
  });
  after(() => s.close());

  for (const [name, , , type] of ACTIVE_UPLOADS) {
    test(`${name}: attachment, nosniff, CSP sandbox (served type ${type})`, async () => {
      const res = await fetch(served.get(name)!);
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      assert.ok(res.headers.get('content-type')!.startsWith(type), res.headers.get('content-type')!);
      assert.match(res.headers.get('content-disposition')!, /^attachment;/);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /(^|;)\s*sandbox\s*(;|$)/);
      assert.match(csp, /default-src 'none'/);
    });
  }

  test('CSV stays inline, text/csv, readable cross-origin (CORS), with nosniff and the sandbox; ?download is attachment', async () => {
    const res = await fetch(served.get('polls.csv')!, { headers: { Origin: 'https://portal.example' } });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), 'party,share\n<script>x</script>,1\n');
    assert.match(res.headers.get('content-type')!, /^text\/csv/);
    assert.match(res.headers.get('content-disposition')!, /^inline;/);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://portal.example');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/);
    const dl = await fetch(`${served.get('polls.csv')!}?download`);
    await dl.arrayBuffer();
    assert.match(dl.headers.get('content-disposition')!, /^attachment;/);
  });

  test('text/plain stays inline with nosniff; HEAD carries the same headers', async () => {
    const res = await fetch(served.get('notes.txt')!, { method: 'HEAD' });
    assert.match(res.headers.get('content-type')!, /^text\/plain/);
    assert.match(res.headers.get('content-disposition')!, /^inline;/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('content-security-policy') ?? '', /sandbox/);
  });

  test('the RowStore /html view of uploaded rows is sandboxed too', async () => {
    const res = await fetch(`http://localhost:${s.port}/rowstore/dataset/polls/html`);
    assert.equal(res.status, 200);
    await res.text();
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.match(res.headers.get('content-security-policy') ?? '', /(^|;)\s*sandbox\s*(;|$)/);
  });
});
