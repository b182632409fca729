// <distribution-file-upload> against the dev store's job API (the wtr plugin starts it with a test user and a short
// processing time; /__dev-store tells the api URL): login, pre-send checks, add, replace, FAILED, rejections,
// keyboard, live region, languages. A few states that the real store cannot hold still (upload in flight, a job
// kept PENDING, a hostile resultUrl, 429) run against a stubbed fetch. Run alone:
//   npx wtr --files test/blocks/distribution-file-upload.test.ts
import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys } from '@web/test-runner-commands';
import { JobApiClient } from '../../src/api.ts';
import type { DistributionFileUpload, UploadState } from '../../blocks/distribution-file-upload/distribution-file-upload.ts';
import '../../blocks/distribution-file-upload/distribution-file-upload.ts';
import { devStore, text } from './helpers.ts';

interface JobsInfo {
  apiUrl: string;
  user: string;
  password: string;
  /** A distribution the test user may write (paging catalog; no other block test looks at its files). */
  distribution: string;
  /** A distribution in a context the test user may NOT write, when the store restricts contexts. */
  foreignDistribution?: string;
  /** A dataset URI (wrong kind for addFile). */
  dataset: string;
}

let jobs: JobsInfo;
before(async () => {
  const info = (await devStore()) as unknown as {
    storeUrl: string;
    catalogs: string[];
    jobs?: { apiUrl: string; user: string; password: string; contexts?: string[] };
  };
  const account = info.jobs ?? { apiUrl: new URL('/api', info.storeUrl).href, user: 'demo', password: 'demo-password' };
  const restricted = account.contexts !== undefined && info.catalogs.includes('test/fixtures/blocks-catalog.ttl');
  jobs = {
    apiUrl: account.apiUrl,
    user: account.user,
    password: account.password,
    distribution: 'https://paging.example.org/dist02',
    dataset: 'https://paging.example.org/ds02',
    ...(restricted ? { foreignDistribution: 'https://blocks.example.org/dist-json' } : {}),
  };
});

interface Attrs {
  apiUrl?: string;
  resourceUri?: string;
  fileUri?: string;
  mode?: string;
  maxSizeMb?: string;
  lang?: string;
  hl?: string;
}

/** Recorded calls of the block's client (so "nothing was sent" is checked on the client itself). */
interface Spy {
  calls: string[];
  clients: JobApiClient[];
}

async function block(attrs: Attrs = {}, opts: { fetch?: typeof fetch } = {}): Promise<{ el: DistributionFileUpload; spy: Spy }> {
  const el = await fixture<DistributionFileUpload>(html`<distribution-file-upload
    api-url=${attrs.apiUrl ?? jobs.apiUrl}
    resource-uri=${ifDefined(attrs.resourceUri ?? jobs.distribution)}
    file-uri=${ifDefined(attrs.fileUri)}
    mode=${ifDefined(attrs.mode)}
    max-size-mb=${ifDefined(attrs.maxSizeMb)}
    lang=${ifDefined(attrs.lang ?? 'en')}
    hl=${ifDefined(attrs.hl)}
  ></distribution-file-upload>`);
  const spy: Spy = { calls: [], clients: [] };
  el.pollIntervalMs = 50;
  el.createClient = (apiUrl) => {
    const client = new JobApiClient(opts.fetch ? { apiUrl, fetch: opts.fetch } : { apiUrl });
    spy.clients.push(client);
    for (const name of ['login', 'logout', 'addFile', 'replaceFile', 'getJob', 'waitForJob'] as const) {
      const original = (client[name] as (...a: unknown[]) => unknown).bind(client);
      (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        spy.calls.push(name);
        return original(...args);
      };
    }
    return client;
  };
  await until(() => el.querySelector('form, .esbUploadConfig') !== null, 'the block rendered its form');
  return { el, spy };
}

/** Waits for a condition that the block reaches by itself (the mocha timeout bounds it). */
async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; !cond(); i++) {
    if (i > 1500) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function untilState(el: DistributionFileUpload, ...states: UploadState[]): Promise<void> {
  await until(() => states.includes(el.state), `state is ${states.join(' or ')} (now ${el.state})`);
  await el.updateComplete;
}

const $ = <T extends Element = HTMLElement>(el: Element, sel: string): T => {
  const found = el.querySelector<T>(sel);
  if (!found) throw new Error(`no ${sel}`);
  return found;
};

async function login(el: DistributionFileUpload, user = jobs.user, password = jobs.password): Promise<void> {
  $<HTMLInputElement>(el, 'input[name="username"]').value = user;
  $<HTMLInputElement>(el, 'input[name="password"]').value = password;
  $<HTMLButtonElement>(el, 'button[type="submit"]').click();
  await until(() => el.state !== 'login' || el.querySelector('.esbUploadProblem') !== null, 'login answered');
  await el.updateComplete;
}

function chooseFile(el: DistributionFileUpload, file: File): void {
  const input = $<HTMLInputElement>(el, 'input[type="file"]');
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
}

let files = 0;
/** A small UTF-8 CSV with a name unique to this run. */
function csv(name = `upload-${Date.now().toString(36)}-${++files}.csv`): File {
  return new File(['kommun,antal\nÅre,12\nLuleå,7\n'], name, { type: 'text/csv' });
}

/** A real (stored, uncompressed) ZIP archive of one small file — content that does not match a `.csv` name. */
function zipNamedCsv(name: string): File {
  const enc = new TextEncoder();
  const entryName = enc.encode('inner.txt');
  const data = enc.encode('hello zip\n');
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const b of data) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  crc = (crc ^ 0xffffffff) >>> 0;
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 10, true);
  local.setUint32(14, crc, true);
  local.setUint32(18, data.length, true);
  local.setUint32(22, data.length, true);
  local.setUint16(26, entryName.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 10, true);
  central.setUint32(16, crc, true);
  central.setUint32(20, data.length, true);
  central.setUint32(24, data.length, true);
  central.setUint16(28, entryName.length, true);
  const centralOffset = 30 + entryName.length + data.length;
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + entryName.length, true);
  end.setUint32(16, centralOffset, true);
  return new File([local, entryName, data, central, entryName, end], name, { type: 'text/csv' });
}

async function submit(el: DistributionFileUpload): Promise<void> {
  $<HTMLButtonElement>(el, 'button.esbUploadSubmit').click();
  await el.updateComplete;
}

/** Every text the live region announced, in order (read when each state change is reported). */
function recordAnnouncements(el: DistributionFileUpload): string[] {
  const seen: string[] = [];
  el.addEventListener('catalog-upload-state', () => {
    const last = seen[seen.length - 1];
    if (el.announcement && el.announcement !== last) seen.push(el.announcement);
  });
  return seen;
}

/** Adds a file through the API client directly (setup for replace) and returns the new file's resource URI. */
async function addedFileUri(): Promise<string> {
  const client = new JobApiClient({ apiUrl: jobs.apiUrl });
  await client.login(jobs.user, jobs.password);
  const accepted = await client.addFile(jobs.distribution, csv());
  const job = await client.waitForJob(accepted.jobId, { intervalMs: 50 });
  expect(job.status, `setup add job: ${job.error ?? ''}`).to.equal('SUCCESS');
  return job.resultUrl!;
}

// ---- stubbed API (states the real store cannot hold still) -----------------------------------------------------

interface StubApi {
  fetch: typeof fetch;
  requests: string[];
  /** Resolves the held upload (when `holdUpload`). */
  releaseUpload: () => void;
  uploadSignal: () => AbortSignal | undefined;
}

function json(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : body, { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * A fetch that answers like the job API: login ok (or `login` as given), uploads accepted with `jobId`, and the
 * job polls answered from `jobs` in turn (the last one repeats).
 */
function stubApi(opts: { jobId?: string; polls?: string[]; holdUpload?: boolean; login?: () => Response; upload?: () => Response } = {}): StubApi {
  const requests: string[] = [];
  const jobId = opts.jobId ?? '9223372036854775807';
  const polls = opts.polls ?? [`{"jobId": ${jobId}, "status": "SUCCESS", "resultUrl": "https://example.org/f/1"}`];
  let poll = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let uploadSignal: AbortSignal | undefined;
  const stubFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname.endsWith('/auth/login')) {
      return opts.login ? opts.login() : json(200, '{"auth_token": "stub-token-0123456789abcdef0123456789abcdef", "user": "stubby"}');
    }
    if (url.pathname.endsWith('/auth/logout')) return json(204, '');
    if (/\/distribution\/(add|replace)File$/.test(url.pathname)) {
      uploadSignal = init?.signal ?? undefined;
      if (opts.holdUpload) {
        await new Promise<void>((resolve, reject) => {
          void held.then(resolve);
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return opts.upload ? opts.upload() : json(202, `{"jobId": ${jobId}, "status": "PENDING", "message": "File received; job queued"}`);
    }
    if (url.pathname.includes('/job/')) {
      const body = polls[Math.min(poll, polls.length - 1)]!;
      poll++;
      return json(200, body);
    }
    return json(404, '{"error": "stub: no such route"}');
  };
  return { fetch: stubFetch as typeof fetch, requests, releaseUpload: () => release(), uploadSignal: () => uploadSignal };
}

// ---- tests -----------------------------------------------------------------------------------------------------

describe('distribution-file-upload: login', () => {
  it('shows a labelled login form first, and is accessible', async () => {
    const { el } = await block();
    expect(el.state).to.equal('login');
    const user = $<HTMLInputElement>(el, 'input[name="username"]');
    const password = $<HTMLInputElement>(el, 'input[name="password"]');
    expect(text(el.querySelector(`label[for="${user.id}"]`))).to.equal('User name');
    expect(text(el.querySelector(`label[for="${password.id}"]`))).to.equal('Password');
    expect(password.type).to.equal('password');
    expect(user.autocomplete).to.equal('username');
    expect(el.querySelector('h2.esbUploadTitle') !== null, 'title at the default level 2').to.equal(true);
    expect(el.querySelector('input[type="file"]') === null, 'no file input before login').to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('hl sets the level of the title', async () => {
    const { el } = await block({ hl: '4' });
    expect(text(el.querySelector('h4.esbUploadTitle'))).to.equal('Upload a file');
  });

  it('logs in against the dev store; the token is kept in memory only (not in the DOM, storage or cookies)', async () => {
    const { el, spy } = await block();
    await login(el);
    expect(el.state).to.equal('ready');
    expect(text(el.querySelector('.esbUploadSession'))).to.include(`Logged in as ${jobs.user}.`);
    const token = spy.clients[0]!.token!;
    expect(token).to.be.a('string').with.length.above(31);
    expect(document.documentElement.outerHTML).to.not.include(token);
    for (const s of [localStorage, sessionStorage]) {
      for (let i = 0; i < s.length; i++) expect(s.getItem(s.key(i)!) ?? '').to.not.include(token);
    }
    expect(document.cookie).to.not.include(token);
    expect(el.querySelector('input[name="password"]') === null, 'the password field is gone').to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('a wrong password: "Wrong user name or password." (401), still on the login form, focus on the user name', async () => {
    const { el } = await block();
    await login(el, jobs.user, 'not-the-password');
    expect(el.state).to.equal('login');
    const problem = $(el, '.esbUploadProblem');
    expect(text(problem)).to.equal('Wrong user name or password.');
    const user = $<HTMLInputElement>(el, 'input[name="username"]');
    expect(user.getAttribute('aria-describedby')).to.equal(problem.id);
    expect(user.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement === user, 'focus').to.equal(true);
    expect($<HTMLInputElement>(el, 'input[name="password"]').value, 'password cleared').to.equal('');
    expect(text(el.querySelector('.esbUploadLive'))).to.equal('Wrong user name or password.');
    await expect(el).to.be.accessible();
  });

  it('empty fields: asks for both, sends nothing', async () => {
    const { el, spy } = await block();
    $<HTMLButtonElement>(el, 'button[type="submit"]').click();
    await el.updateComplete;
    expect(text(el.querySelector('.esbUploadProblem'))).to.equal('Enter your user name and password.');
    expect(spy.calls).to.deep.equal([]);
  });

  it('429 from the API: the Retry-After wait is shown (stubbed: a real lockout would lock the test user out)', async () => {
    const api = stubApi({ login: () => json(429, '{"error": "Too many failed logins"}', { 'Retry-After': '42' }) });
    const { el } = await block({}, { fetch: api.fetch });
    await login(el);
    expect(text(el.querySelector('.esbUploadProblem'))).to.equal('Too many failed attempts. Try again in 42 seconds.');
    expect(el.announcement).to.equal('Too many failed attempts. Try again in 42 seconds.');
  });

  it('a login problem follows a change of language (stubbed 401)', async () => {
    const api = stubApi({ login: () => json(401, '{"error": "Wrong user name or password"}') });
    const { el } = await block({}, { fetch: api.fetch });
    await login(el);
    expect(text($(el, '.esbUploadProblem'))).to.equal('Wrong user name or password.');
    el.setAttribute('lang', 'de');
    await until(() => text(el.querySelector('.esbUploadProblem')) === 'Benutzername oder Passwort ist falsch.', 'German problem text');
    expect(text($(el, 'label[for$="-user"]'))).to.equal('Benutzername');
  });

  it('logout calls the API: the token no longer works on the server, the login form is back with focus on the user name', async () => {
    const { el, spy } = await block();
    await login(el);
    const client = spy.clients[0]!;
    const token = client.token!;
    $<HTMLButtonElement>(el, 'button.esbUploadLogout').click();
    await untilState(el, 'login');
    expect(spy.calls).to.include('logout');
    expect(client.token).to.equal(undefined);
    expect(await new JobApiClient({ apiUrl: jobs.apiUrl, token }).whoami()).to.deep.equal({ user: 'guest', authenticated: false });
    expect(text(el.querySelector('.esbUploadLive'))).to.equal('You are logged out.');
    await until(() => document.activeElement === el.querySelector('input[name="username"]'), 'focus on the user name');
  });
});

describe('distribution-file-upload: checks before sending', () => {
  it('a file over max-size-mb: clear message, nothing sent', async () => {
    const { el, spy } = await block({ maxSizeMb: '1' });
    await login(el);
    expect(text(el.querySelector('.esbHint'))).to.include('At most 1 MB.');
    chooseFile(el, new File([new Uint8Array(1.5 * 1024 * 1024)], 'big.csv', { type: 'text/csv' }));
    await submit(el);
    expect(el.state).to.equal('ready');
    const problem = $(el, '.esbUploadProblem');
    expect(text(problem)).to.equal('The file is 1.5 MB, the limit is 1 MB. Nothing was sent.');
    const input = $<HTMLInputElement>(el, 'input[type="file"]');
    expect(input.getAttribute('aria-describedby')!.split(' ')).to.include(problem.id);
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(document.activeElement === input, 'focus').to.equal(true);
    expect(spy.calls).to.deep.equal(['login']);
    await expect(el).to.be.accessible();
  });

  it('a name with a path separator, a name over 200 characters, no file: refused here, nothing sent', async () => {
    const { el, spy } = await block();
    await login(el);
    chooseFile(el, new File(['a,b\n1,2\n'], 'folder\\data.csv', { type: 'text/csv' }));
    await submit(el);
    expect(text(el.querySelector('.esbUploadProblem'))).to.equal(
      'The file name must not contain / or \\. Rename the file and choose it again. Nothing was sent.');
    chooseFile(el, new File(['a,b\n1,2\n'], `${'x'.repeat(197)}.csv`, { type: 'text/csv' }));
    await submit(el);
    expect(text(el.querySelector('.esbUploadProblem'))).to.equal(
      'The file name is 201 characters long, at most 200 are allowed. Nothing was sent.');
    $<HTMLInputElement>(el, 'input[type="file"]').value = '';
    await submit(el);
    expect(text(el.querySelector('.esbUploadProblem'))).to.equal('Choose a file first.');
    expect(spy.calls).to.deep.equal(['login']);
  });

  it('issue 8: fullwidth separators, "..", NEL, bidi overrides, a trailing dot: refused here with the cause, nothing sent', async () => {
    const { el, spy } = await block();
    await login(el);
    const cases: [string, string][] = [
      ['a\uff0fb.csv', 'The file name must not contain / or \\. Rename the file and choose it again. Nothing was sent.'],
      ['..', 'The file name must not be empty, "." or "..", begin or end with a space, or end with a dot. Rename the file and choose it again. Nothing was sent.'],
      ['data.csv.', 'The file name must not be empty, "." or "..", begin or end with a space, or end with a dot. Rename the file and choose it again. Nothing was sent.'],
      ['a\u0085b.csv', 'The file name contains control characters, line breaks or invisible text-direction characters. Rename the file and choose it again. Nothing was sent.'],
      ['invoice\u202Efdp.csv', 'The file name contains control characters, line breaks or invisible text-direction characters. Rename the file and choose it again. Nothing was sent.'],
    ];
    for (const [name, message] of cases) {
      chooseFile(el, new File(['a,b\n1,2\n'], name, { type: 'text/csv' }));
      await submit(el);
      expect(text(el.querySelector('.esbUploadProblem')), JSON.stringify(name)).to.equal(message);
    }
    expect(spy.calls).to.deep.equal(['login']);
  });

  it('a name of exactly 200 characters passes the check', async () => {
    const { el } = await block();
    await login(el);
    chooseFile(el, csv(`${'y'.repeat(196)}.csv`));
    await submit(el);
    await untilState(el, 'success', 'failed', 'rejected');
    expect(el.state).to.equal('success');
  });
});

describe('distribution-file-upload: add and replace against the dev store', () => {
  it('add → SUCCESS: link to the new file, live region announcements in order, focus on the status, accessible', async () => {
    const { el, spy } = await block();
    await login(el);
    expect(el.querySelector('fieldset') === null, 'one URI: no add/replace choice').to.equal(true);
    const seen = recordAnnouncements(el);
    const file = csv();
    chooseFile(el, file);
    await submit(el);
    await untilState(el, 'success', 'failed', 'rejected');
    expect(el.state, text(el.querySelector('.esbUploadStatus'))).to.equal('success');
    const status = $(el, '.esbUploadStatus');
    expect(document.activeElement === status, 'focus').to.equal(true);
    expect(text(status)).to.include('Done: the file was added.');
    const link = $<HTMLAnchorElement>(el, 'a.esbUploadResult');
    expect(text(link)).to.equal(`Open ${file.name}`);
    expect(link.href).to.match(/^http:\/\/localhost:\d+\/store\/\d+\/resource\/\d+$/);
    expect(spy.calls).to.include.members(['login', 'addFile', 'waitForJob']);
    expect(seen[0]).to.equal(`Uploading ${file.name}…`);
    expect(seen[1]).to.equal('The file was received and is waiting in the queue.');
    expect(seen[seen.length - 1]).to.equal('Done: the file was added.');
    expect(text(el.querySelector('.esbUploadLive'))).to.equal('Done: the file was added.');
    // The file is really there: its resource answers with the uploaded bytes.
    expect(await (await fetch(link.href)).text()).to.equal(await file.text());
    await expect(el).to.be.accessible();
  });

  it('"Upload another file" returns to the form with focus on its first field', async () => {
    const { el } = await block();
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'success', 'failed', 'rejected');
    $<HTMLButtonElement>(el, 'button.esbUploadAgain').click();
    await untilState(el, 'ready');
    await until(() => document.activeElement === el.querySelector('input[type="file"]'), 'focus on the file input');
    expect($<HTMLInputElement>(el, 'input[type="file"]').files?.length ?? 0).to.equal(0);
  });

  it('replace (mode="replace", both URIs): radio group, the replace job, "the file was replaced"', async () => {
    const fileUri = await addedFileUri();
    const { el, spy } = await block({ fileUri, mode: 'replace' });
    await login(el);
    const radios = [...el.querySelectorAll<HTMLInputElement>('fieldset input[type="radio"]')];
    expect(radios.map((r) => r.value)).to.deep.equal(['add', 'replace']);
    expect(radios[1]!.checked).to.equal(true);
    expect(text(el.querySelector('fieldset legend'))).to.equal('What do you want to do?');
    expect(text($(el, 'button.esbUploadSubmit'))).to.equal('Replace file');
    await expect(el).to.be.accessible();
    const replacement = new File(['kommun,antal\nKiruna,3\n'], 'replacement.csv', { type: 'text/csv' });
    chooseFile(el, replacement);
    await submit(el);
    await untilState(el, 'success', 'failed', 'rejected');
    expect(el.state, text(el.querySelector('.esbUploadStatus'))).to.equal('success');
    expect(text($(el, '.esbUploadStatus'))).to.include('Done: the file was replaced.');
    expect(spy.calls).to.include('replaceFile');
    expect(spy.calls).to.not.include('addFile');
    const link = $<HTMLAnchorElement>(el, 'a.esbUploadResult');
    expect(link.href).to.equal(fileUri);
    expect(await (await fetch(link.href)).text()).to.equal(await replacement.text());
  });

  it('the radio group switches the operation: add chosen → addFile to the distribution', async () => {
    const fileUri = await addedFileUri();
    const { el, spy } = await block({ fileUri, mode: 'replace' });
    await login(el);
    const add = $<HTMLInputElement>(el, 'input[type="radio"][value="add"]');
    add.click();
    await el.updateComplete;
    expect(text($(el, 'button.esbUploadSubmit'))).to.equal('Upload file');
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'success', 'failed', 'rejected');
    expect(spy.calls).to.include('addFile');
    expect(spy.calls).to.not.include('replaceFile');
    expect($<HTMLAnchorElement>(el, 'a.esbUploadResult').href).to.not.equal(fileUri);
  });

  it('a ZIP named .csv → FAILED with the job\'s exact error text, and "Try again"', async () => {
    const { el } = await block();
    await login(el);
    chooseFile(el, zipNamedCsv('archive-in-disguise.csv'));
    await submit(el);
    await untilState(el, 'success', 'failed', 'rejected');
    expect(el.state).to.equal('failed');
    expect(text($(el, '.esbUploadError'))).to.equal('File content does not match declared type');
    expect(text($(el, '.esbUploadStatus'))).to.include('Failed: the file could not be processed.');
    expect(text(el.querySelector('.esbUploadLive'))).to.equal(
      'Failed: the file could not be processed. File content does not match declared type');
    expect(el.querySelector('a.esbUploadResult') === null).to.equal(true);
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, 'button.esbUploadAgain').click();
    await untilState(el, 'ready');
  });
});

describe('distribution-file-upload: rejected uploads', () => {
  it('422: a dataset URI given to add → the server\'s message naming the kind, nothing queued', async () => {
    const { el, spy } = await block({ resourceUri: jobs.dataset });
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'rejected', 'success', 'failed');
    expect(el.state).to.equal('rejected');
    expect(text($(el, '.esbUploadStatus'))).to.include('Refused: the address names the wrong kind of entry for this action.');
    expect(text($(el, '.esbUploadError'))).to.equal('resourceURI names a dataset entry; addFile needs a distribution');
    expect(spy.calls).to.not.include('waitForJob');
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, 'button.esbUploadAgain').click();
    await untilState(el, 'ready');
  });

  it('404: a URI that resolves to nothing', async () => {
    const missing = 'https://paging.example.org/no-such-distribution';
    const { el } = await block({ resourceUri: missing });
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'rejected', 'success', 'failed');
    expect(text($(el, '.esbUploadStatus'))).to.include('Refused: the distribution or file to upload to was not found.');
    expect(text($(el, '.esbUploadError'))).to.match(/^No entry with resource URI/);
  });

  it('403: a distribution in a context the test user may not write → "Log in again"', async function () {
    if (!jobs.foreignDistribution) (this as { skip(): void }).skip();
    const { el, spy } = await block({ resourceUri: jobs.foreignDistribution! });
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'rejected', 'success', 'failed');
    expect(text($(el, '.esbUploadError'))).to.match(new RegExp(`^User ${jobs.user} may not write context`));
    expect(text($(el, 'button.esbUploadAgain'))).to.equal('Log in again');
    const token = spy.clients[0]!.token!;
    $<HTMLButtonElement>(el, 'button.esbUploadAgain').click();
    await untilState(el, 'login');
    // The session is ended on the server too, not just forgotten here.
    expect(spy.calls).to.include('logout');
    expect((await new JobApiClient({ apiUrl: jobs.apiUrl, token }).whoami()).authenticated).to.equal(false);
  });
});

describe('distribution-file-upload: job states, cancel and hostile results (stubbed API)', () => {
  it('uploading: progress bar; PENDING with queue position; PROCESSING with progress; exact 64-bit job id; accessible', async () => {
    const id = '9223372036854775807';
    const api = stubApi({
      jobId: id,
      holdUpload: true,
      polls: [
        `{"jobId": ${id}, "status": "PENDING", "queuePosition": 2}`,
        `{"jobId": ${id}, "status": "PROCESSING", "progress": 40}`,
        `{"jobId": ${id}, "status": "SUCCESS", "resultUrl": "https://example.org/store/1/resource/9", "jobType": "ADD"}`,
      ],
    });
    const { el } = await block({}, { fetch: api.fetch });
    el.pollIntervalMs = 0;
    await login(el);
    const seen: { state: string; text: string }[] = [];
    el.addEventListener('catalog-upload-state', () => void el.updateComplete.then(() => {
      seen.push({ state: el.state, text: text(el.querySelector('.esbUploadStatusBody')) });
    }));
    chooseFile(el, csv('held.csv'));
    await submit(el);
    await untilState(el, 'uploading');
    const progress = $<HTMLProgressElement>(el, 'progress.esbUploadProgress');
    expect(text(el.querySelector(`label[for="${progress.id}"]`))).to.equal('Upload progress');
    expect(text($(el, '.esbUploadMessage'))).to.equal('Uploading held.csv…');
    expect(el.querySelector('button.esbUploadLogout') === null, 'no logout while uploading').to.equal(true);
    await until(() => document.activeElement === el.querySelector('.esbUploadStatus'), 'focus on the status');
    await expect(el).to.be.accessible();
    api.releaseUpload();
    await untilState(el, 'success');
    await until(() => seen.length >= 4, 'every state rendered');
    const waiting = seen.filter((s) => s.state === 'waiting').map((s) => s.text);
    expect(waiting).to.include(`The file was received and is waiting in the queue (position 2). Job ${id}`);
    expect(waiting).to.include(`The file is being processed. Processing progress 40% processed Job ${id}`);
    expect(text($(el, '.esbUploadJobId'))).to.equal(`Job ${id}`);
  });

  it('waiting state is accessible and Cancel stops following the job (the job may still finish)', async () => {
    const id = '1234567890123456789';
    const api = stubApi({ jobId: id, polls: [`{"jobId": ${id}, "status": "PENDING", "queuePosition": 1}`] });
    const { el } = await block({}, { fetch: api.fetch });
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await until(() => el.state === 'waiting' && el.querySelector('.esbUploadMessage')?.textContent?.includes('position 1') === true, 'PENDING shown');
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, 'button.esbUploadCancel').click();
    await untilState(el, 'ready');
    expect(text($(el, '.esbUploadNotice'))).to.equal(`Stopped following job ${id}. It may still finish on the server.`);
    const polls = api.requests.filter((r) => r.includes('/job/')).length;
    await new Promise((r) => setTimeout(r, 200));
    expect(api.requests.filter((r) => r.includes('/job/')).length, 'no polls after cancel').to.equal(polls);
  });

  it('Cancel during the upload aborts the request (AbortSignal); back to the form with a notice', async () => {
    const api = stubApi({ holdUpload: true });
    const { el } = await block({}, { fetch: api.fetch });
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'uploading');
    $<HTMLButtonElement>(el, 'button.esbUploadCancel').click();
    await untilState(el, 'ready');
    expect(api.uploadSignal()?.aborted).to.equal(true);
    expect(text($(el, '.esbUploadNotice'))).to.equal('The upload was cancelled. Nothing was saved.');
    expect(el.announcement).to.equal('The upload was cancelled. Nothing was saved.');
    expect(api.requests.some((r) => r.includes('/job/'))).to.equal(false);
  });

  it('taken off the page during the upload: the request is aborted; put back, the form says so', async () => {
    const api = stubApi({ holdUpload: true });
    const { el } = await block({}, { fetch: api.fetch });
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'uploading');
    await until(() => api.uploadSignal() !== undefined, 'the upload request sent');
    const parent = el.parentElement!;
    el.remove();
    expect(api.uploadSignal()!.aborted).to.equal(true);
    parent.append(el);
    await untilState(el, 'ready');
    expect(text($(el, '.esbUploadNotice'))).to.equal('The upload was cancelled. Nothing was saved.');
    expect(api.requests.some((r) => r.includes('/job/'))).to.equal(false);
  });

  it('a javascript: resultUrl is never rendered as a link (shown as text only)', async () => {
    const api = stubApi({ polls: ['{"jobId": 7, "status": "SUCCESS", "resultUrl": "javascript:alert(document.domain)"}'] });
    const { el } = await block({}, { fetch: api.fetch });
    await login(el);
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'success');
    expect(el.querySelector('a') === null, 'no link at all').to.equal(true);
    expect(el.innerHTML).to.not.match(/href="javascript:/i);
    expect(text($(el, '.esbUploadResultText'))).to.equal('javascript:alert(document.domain)');
  });

  it('other non-http(s) resultUrls (data:, mailto:, relative) are not links either', async () => {
    for (const url of ['data:text/html,hi', 'mailto:a@example.org', '/store/1/resource/2', ' JaVaScRiPt:alert(1)']) {
      const api = stubApi({ polls: [JSON.stringify({ jobId: 8, status: 'SUCCESS', resultUrl: url })] });
      const { el } = await block({}, { fetch: api.fetch });
      await login(el);
      chooseFile(el, csv());
      await submit(el);
      await untilState(el, 'success');
      expect(el.querySelector('a') === null, url).to.equal(true);
    }
  });
});

describe('distribution-file-upload: keyboard only', () => {
  it('Tab / typing / Enter through login, arrow keys in the mode group, Tab to the file and the submit button, Enter to send', async () => {
    const fileUri = await addedFileUri();
    const { el } = await block({ fileUri });
    const user = $<HTMLInputElement>(el, 'input[name="username"]');
    user.focus();
    await sendKeys({ type: jobs.user });
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement === el.querySelector('input[name="password"]'), 'focus').to.equal(true);
    await sendKeys({ type: jobs.password });
    await sendKeys({ press: 'Enter' });
    await untilState(el, 'ready');
    const add = $<HTMLInputElement>(el, 'input[type="radio"][value="add"]');
    await until(() => document.activeElement === add, 'focus on the checked radio (first field)');
    await sendKeys({ press: 'ArrowDown' });
    await el.updateComplete;
    const replace = $<HTMLInputElement>(el, 'input[type="radio"][value="replace"]');
    expect(replace.checked).to.equal(true);
    expect(document.activeElement === replace, 'focus').to.equal(true);
    expect(text($(el, 'button.esbUploadSubmit'))).to.equal('Replace file');
    await sendKeys({ press: 'Tab' });
    const fileInput = $<HTMLInputElement>(el, 'input[type="file"]');
    expect(document.activeElement === fileInput, 'focus').to.equal(true);
    // The file chooser is the operating system's dialog: the test hands the file over as it would.
    chooseFile(el, new File(['kommun,antal\nUmeå,5\n'], 'keyboard.csv', { type: 'text/csv' }));
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement === el.querySelector('button.esbUploadSubmit'), 'focus').to.equal(true);
    await sendKeys({ press: 'Enter' });
    await untilState(el, 'success', 'failed', 'rejected');
    expect(el.state).to.equal('success');
    expect(text($(el, '.esbUploadStatus'))).to.include('Done: the file was replaced.');
    await until(() => document.activeElement === el.querySelector('.esbUploadStatus'), 'focus on the status');
    // From the status: Tab reaches the result link, then "Upload another file"; Space activates it.
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement === el.querySelector('a.esbUploadResult'), 'focus').to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement === el.querySelector('button.esbUploadAgain'), 'focus').to.equal(true);
    await sendKeys({ press: 'Space' });
    await untilState(el, 'ready');
    await until(() => document.activeElement === el.querySelector('input[type="radio"]:checked'), 'focus back on the first field');
  });
});

describe('distribution-file-upload: languages', () => {
  it('Swedish: login form, checks and the whole add flow', async () => {
    const { el } = await block({ lang: 'sv', maxSizeMb: '1' });
    expect(text(el.querySelector('h2'))).to.equal('Ladda upp en fil');
    expect(text(el.querySelector(`label[for="${$(el, 'input[name="username"]').id}"]`))).to.equal('Användarnamn');
    expect(text(el.querySelector(`label[for="${$(el, 'input[name="password"]').id}"]`))).to.equal('Lösenord');
    expect(text($(el, 'button[type="submit"]'))).to.equal('Logga in');
    await login(el);
    expect(text($(el, '.esbUploadSession'))).to.include(`Inloggad som ${jobs.user}.`);
    expect(text($(el, 'button.esbUploadLogout'))).to.equal('Logga ut');
    chooseFile(el, new File([new Uint8Array(2 * 1024 * 1024)], 'stor.csv'));
    await submit(el);
    expect(text($(el, '.esbUploadProblem'))).to.equal('Filen är 2 MB, gränsen är 1 MB. Inget skickades.');
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'success', 'failed', 'rejected');
    expect(text($(el, '.esbUploadStatus'))).to.include('Klart: filen har lagts till.');
    expect(text($(el, 'button.esbUploadAgain'))).to.equal('Ladda upp en fil till');
    expect(text(el.querySelector('.esbUploadLive'))).to.equal('Klart: filen har lagts till.');
    await expect(el).to.be.accessible();
  });

  it('German: login form, a wrong kind of entry, the name check', async () => {
    const { el } = await block({ lang: 'de', resourceUri: jobs.dataset });
    expect(text(el.querySelector('h2'))).to.equal('Datei hochladen');
    expect(text($(el, 'button[type="submit"]'))).to.equal('Anmelden');
    await login(el);
    expect(text($(el, '.esbUploadSession'))).to.include(`Angemeldet als ${jobs.user}.`);
    chooseFile(el, new File(['a'], 'ordner\\daten.csv'));
    await submit(el);
    expect(text($(el, '.esbUploadProblem'))).to.equal(
      'Der Dateiname darf weder / noch \\ enthalten. Benennen Sie die Datei um und wählen Sie sie erneut aus. Es wurde nichts gesendet.');
    chooseFile(el, csv());
    await submit(el);
    await untilState(el, 'rejected', 'success', 'failed');
    expect(text($(el, '.esbUploadStatus'))).to.include('Abgelehnt: Die Adresse verweist auf die falsche Art von Eintrag für diese Aktion.');
    expect(text($(el, 'button.esbUploadAgain'))).to.equal('Erneut versuchen');
  });
});

describe('distribution-file-upload: configuration problems', () => {
  it('without api-url or without any target URI: a message, no form', async () => {
    const el = await fixture<DistributionFileUpload>(html`<distribution-file-upload resource-uri="https://x.example/d" lang="en"></distribution-file-upload>`);
    await until(() => el.querySelector('.esbUploadConfig') !== null, 'config message');
    expect(text(el.querySelector('.esbUploadConfig'))).to.equal('This upload form has no service address (api-url).');
    expect(el.querySelector('form') === null).to.equal(true);
    const el2 = await fixture<DistributionFileUpload>(html`<distribution-file-upload api-url="https://x.example/api" lang="en"></distribution-file-upload>`);
    await until(() => el2.querySelector('.esbUploadConfig') !== null, 'config message');
    expect(text(el2.querySelector('.esbUploadConfig'))).to.equal('No distribution or file to upload to was given.');
  });
});

describe('distribution-file-upload: valid HTML in every state (Nu validator)', () => {
  interface VnuMessage { type: string; subType?: string; message: string; extract?: string }
  async function errorsOf(label: string, el: Element): Promise<string[]> {
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${label}</title></head><body><main><div class="host">${el.innerHTML}</div></main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const { messages } = (await res.json()) as { messages: VnuMessage[] };
    return messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => `${label}: ${m.message} ${m.extract ?? ''}`);
  }

  it('login (with a problem), ready (mode group, file problem, notice), uploading, waiting, success, failed, rejected, misconfigured', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const errors: string[] = [];
    const id = '9223372036854775807';
    // login with a problem
    const { el: a } = await block();
    $<HTMLButtonElement>(a, 'button[type="submit"]').click();
    await a.updateComplete;
    errors.push(...await errorsOf('login', a));
    // ready: both modes and a file problem; uploading; waiting with progress; cancelled (notice)
    const held = stubApi({ jobId: id, holdUpload: true, polls: [`{"jobId": ${id}, "status": "PROCESSING", "progress": 40}`] });
    const { el: b } = await block({ fileUri: 'https://example.org/store/4/resource/1', maxSizeMb: '0.001' }, { fetch: held.fetch });
    await login(b);
    chooseFile(b, new File([new Uint8Array(4096)], 'x.csv'));
    await submit(b);
    errors.push(...await errorsOf('ready with problem', b));
    b.setAttribute('max-size-mb', '50');
    await b.updateComplete;
    await submit(b);
    await untilState(b, 'uploading');
    errors.push(...await errorsOf('uploading', b));
    held.releaseUpload();
    await until(() => b.querySelector('.esbUploadPercent')?.textContent?.includes('processed') === true, 'processing shown');
    errors.push(...await errorsOf('waiting', b));
    $<HTMLButtonElement>(b, 'button.esbUploadCancel').click();
    await untilState(b, 'ready');
    errors.push(...await errorsOf('ready with notice', b));
    // success (link), success with a hostile URL (text), failed, rejected
    const outcomes: [string, StubApi][] = [
      ['success', stubApi({ polls: [`{"jobId": 1, "status": "SUCCESS", "resultUrl": "https://example.org/f/1", "jobType": "ADD"}`] })],
      ['success, hostile url', stubApi({ polls: ['{"jobId": 1, "status": "SUCCESS", "resultUrl": "javascript:alert(1)"}'] })],
      ['failed', stubApi({ polls: ['{"jobId": 1, "status": "FAILED", "error": "File content must be CSV"}'] })],
      ['rejected', stubApi({ upload: () => json(422, '{"error": "resourceURI names a file entry; addFile needs a distribution", "kind": "file"}') })],
    ];
    for (const [label, api] of outcomes) {
      const { el } = await block({}, { fetch: api.fetch });
      await login(el);
      chooseFile(el, csv());
      await submit(el);
      await untilState(el, 'success', 'failed', 'rejected');
      errors.push(...await errorsOf(label, el));
    }
    const bare = await fixture<DistributionFileUpload>(html`<distribution-file-upload lang="en"></distribution-file-upload>`);
    await until(() => bare.querySelector('.esbUploadConfig') !== null, 'config message');
    errors.push(...await errorsOf('misconfigured', bare));
    expect(errors).to.deep.equal([]);
  });
});
