/**
 * `catalog-blocks`: add or replace a distribution's file on the current upload job API and follow the job.
 * Commands: `login`, `upload add|replace <resourceURI> <file> [--wait]`, `job <id> [--wait]`, `whoami`, `logout`,
 * `distributions <dataset>` (the resource URIs to upload to, from the store's read API); `--json` everywhere.
 * Exit codes are in errors.ts (EXIT) and in the help text; scripts rely on them.
 */
import { Command, CommanderError, Option } from 'commander';
import { JobApiClient } from '../../src/api.ts';
import type { AcceptedJob, Job } from '../../src/api.ts';
import { fileFromPath } from '../index.ts';
import { STORE_ENV, formatListing, listDistributions, storeUrlFrom } from './distributions.ts';
import { EXIT, UsageError, describeError, errorJson, exitCodeFor, httpStatus } from './errors.ts';
import { packageVersion } from './package-files.ts';
import { readPasswordFromStdin, promptPassword } from './password.ts';
import { jobStateText, progressView } from './progress.ts';
import type { ProgressView } from './progress.ts';
import type { Session } from './session.ts';
import { ENV, apiUrlFrom, closeSession, openSession, pollIntervalMs, settingsFrom } from './session.ts';

interface GlobalOptions { apiUrl?: string; json?: boolean }

const out = (text: string): void => void process.stdout.write(`${text}\n`);
const err = (text: string): void => void process.stderr.write(`${text}\n`);
/** JSON for tools: job ids are strings (64-bit ids do not survive a JSON number in many tools). */
const outJson = (value: unknown): void => out(JSON.stringify(value, null, 2));

/** Ctrl-C while waiting stops the wait, not the job (it runs on the server). */
function interruptSignal(): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  return controller.signal;
}

function formatJob(job: Job): string {
  const rows: [string, string | undefined][] = [
    ['status', jobStateText(job)],
    ['type', job.jobType],
    ['resource', job.resourceURI],
    ['file', job.filename],
    ['user', job.user],
    ['received', job.received],
    ['terminated', job.terminated],
    ['result', job.resultUrl],
    ['error', job.error],
  ];
  return [`Job ${job.jobId}`, ...rows.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => `  ${`${k}:`.padEnd(12)}${v}`)].join('\n');
}

function printAccepted(accepted: AcceptedJob, json: boolean): void {
  if (json) return outJson(accepted);
  out(`Job ${accepted.jobId} accepted (${accepted.status}): ${accepted.message}`);
  err(`Follow it with: catalog-blocks job ${accepted.jobId} --wait`);
}

function printFinal(job: Job, json: boolean): number {
  if (json) outJson(job);
  else out(formatJob(job));
  return job.status === 'FAILED' ? EXIT.JOB_FAILED : EXIT.OK;
}

async function follow(session: Session, jobId: string, view: ProgressView, signal: AbortSignal): Promise<Job> {
  let polled = true;
  const onProgress = (j: Job): void => {
    polled = true;
    view.jobUpdate(j);
  };
  try {
    for (;;) {
      try {
        const job = await session.client.waitForJob(jobId, { intervalMs: pollIntervalMs(process.env), signal, onProgress });
        view.jobUpdate(job);
        return job;
      } catch (e) {
        // our own login expired during a long PROCESSING: log in again and go on waiting (not again and
        // again if a fresh session is refused at once)
        if (httpStatus(e) !== 403 || !session.renew || !polled) throw e;
        polled = false;
        await session.renew();
      }
    }
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') {
      view.stop();
      err(`Stopped waiting; job ${jobId} goes on on the server. Follow it again with: catalog-blocks job ${jobId} --wait`);
    }
    throw e;
  }
}

async function openFile(path: string): Promise<Blob & { name: string }> {
  try {
    return await fileFromPath(path);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ENOENT') throw new UsageError(`No such file: ${path}`);
    if (code === 'EISDIR') throw new UsageError(`Not a file: ${path}`);
    if (code === 'EACCES') throw new UsageError(`Cannot read ${path} (permission denied)`);
    throw e;
  }
}

function checkUri(uri: string, what: string): void {
  if (!/^https?:\/\/\S+$/i.test(uri)) throw new UsageError(`The ${what} must be an http(s) resource URI (got "${uri}")`);
}

async function upload(mode: 'add' | 'replace', resourceURI: string, filePath: string, opts: { wait?: boolean }, g: GlobalOptions): Promise<number> {
  const json = Boolean(g.json);
  checkUri(resourceURI, mode === 'add' ? 'distribution URI' : 'file URI');
  const settings = settingsFrom(g.apiUrl, process.env);
  const file = await openFile(filePath);
  const view = progressView({ json });
  const session = await openSession(settings);
  try {
    const signal = interruptSignal();
    view.uploadStarted(file.name, file.size);
    const uploadOpts = { signal, onUploadProgress: (sent: number, total: number) => view.uploadProgress(sent, total) };
    let accepted: AcceptedJob;
    try {
      accepted = mode === 'add'
        ? await session.client.addFile(resourceURI, file, uploadOpts)
        : await session.client.replaceFile(resourceURI, file, uploadOpts);
    } catch (e) {
      view.stop();
      if (e instanceof Error && e.name === 'AbortError') err('Upload cancelled.');
      throw e;
    }
    view.uploadDone();
    if (!opts.wait) {
      printAccepted(accepted, json);
      return EXIT.OK;
    }
    view.jobUpdate({ jobId: accepted.jobId, status: accepted.status });
    const job = await follow(session, accepted.jobId, view, signal);
    view.stop();
    return printFinal(job, json);
  } finally {
    view.stop();
    await closeSession(session);
  }
}

async function jobCommand(jobId: string, opts: { wait?: boolean }, g: GlobalOptions): Promise<number> {
  const json = Boolean(g.json);
  if (!/^\d+$/.test(jobId)) throw new UsageError(`A job id is a decimal number (got "${jobId}")`);
  const session = await openSession(settingsFrom(g.apiUrl, process.env));
  const view = progressView({ json });
  try {
    const job = opts.wait ? await follow(session, jobId, view, interruptSignal()) : await session.client.getJob(jobId);
    view.stop();
    return printFinal(job, json);
  } finally {
    view.stop();
    await closeSession(session);
  }
}

async function login(opts: { user?: string; passwordStdin?: boolean; maxAge?: string }, g: GlobalOptions): Promise<number> {
  const apiUrl = apiUrlFrom(g.apiUrl, process.env);
  const user = opts.user ?? process.env[ENV.user];
  if (!user) throw new UsageError(`Who is logging in? Pass --user <name> or set ${ENV.user}`);
  let maxAgeSeconds: number | undefined;
  if (opts.maxAge !== undefined) {
    maxAgeSeconds = Number(opts.maxAge);
    if (!Number.isInteger(maxAgeSeconds) || maxAgeSeconds <= 0) throw new UsageError(`--max-age takes a whole number of seconds (got "${opts.maxAge}")`);
  }
  let password: string;
  if (opts.passwordStdin) password = await readPasswordFromStdin();
  else if (process.env[ENV.password] !== undefined) password = process.env[ENV.password]!;
  else if (process.stdin.isTTY && process.stderr.isTTY) password = await promptPassword(`Password for ${user}: `);
  else throw new UsageError(`No password: use --password-stdin or set ${ENV.password}`);

  const client = new JobApiClient({ apiUrl });
  const session = await client.login(user, password, maxAgeSeconds === undefined ? undefined : { maxAgeSeconds });
  // The one place a token is printed: it is the command's output.
  if (g.json) outJson({ token: session.token, user: session.user, ...(session.expires ? { expires: session.expires } : {}) });
  else out(session.token);
  if (!g.json && process.stderr.isTTY) {
    err(`Logged in as ${session.user}${session.expires ? ` until ${session.expires}` : ''}.`);
    err(`Use it in this shell with: export ${ENV.token}=$(catalog-blocks login --user ${user} --password-stdin < password-file)`);
  }
  return EXIT.OK;
}

/** Who the configured credentials are: exit 0 when logged in, 3 when the token is missing, expired or unknown. */
async function whoami(g: GlobalOptions): Promise<number> {
  const session = await openSession(settingsFrom(g.apiUrl, process.env));
  try {
    const me = await session.client.whoami();
    if (g.json) outJson(me);
    else if (me.authenticated) out(me.user);
    else err('Not logged in: the token is expired, logged out or unknown here. Run `catalog-blocks login` for a new one.');
    return me.authenticated ? EXIT.OK : EXIT.AUTH;
  } finally {
    await closeSession(session);
  }
}

/** Ends the session of CATALOG_API_TOKEN on the server (only that token; a login of user + password ends by itself). */
async function logout(g: GlobalOptions): Promise<number> {
  const apiUrl = apiUrlFrom(g.apiUrl, process.env);
  const token = process.env[ENV.token];
  if (!token) throw new UsageError(`Nothing to log out: ${ENV.token} is not set`);
  await new JobApiClient({ apiUrl, token }).logout();
  if (g.json) outJson({ loggedOut: true });
  else err(`Logged out; the token in ${ENV.token} no longer works.`);
  return EXIT.OK;
}

/** A dataset's distributions and their files: the URIs `upload add` and `upload replace` take. Reads only public metadata. */
async function distributions(target: string, opts: { storeUrl?: string; lang?: string }, g: GlobalOptions): Promise<number> {
  if (!/^https?:\/\/\S+$/i.test(target)) throw new UsageError(`Give the dataset's resource URI or entry URL (got "${target}")`);
  const storeUrl = storeUrlFrom(opts.storeUrl, process.env, target, g.apiUrl);
  const listing = await listDistributions(target, storeUrl, opts.lang ? { lang: opts.lang } : {});
  if (g.json) outJson(listing);
  else out(formatListing(listing));
  return EXIT.OK;
}

/** Extra words for the failures a new user meets first. */
function hintFor(e: unknown): string | undefined {
  const status = httpStatus(e);
  if (status === 403 && process.env[ENV.token]) return `Hint: the token in ${ENV.token} may have expired, or your user may not write there; run \`catalog-blocks login\` again.`;
  if (status === 401) return 'Hint: user name or password is wrong.';
  if (status === 413) return 'Hint: the file is over the upload size limit of the installation.';
  if (e instanceof Error && e.name === 'NotFoundError') return `Hint: check the URI, and that --store-url or ${STORE_ENV} is the catalog's metadata store.`;
  if (status === 404) return 'Hint: `catalog-blocks distributions <dataset URI>` lists the URIs a dataset\'s files can be added to or replaced at.';
  return undefined;
}

const HELP_AFTER = `
Environment:
  ${ENV.url}       the API base URL, e.g. https://catalog.example.org/api (or --api-url)
  ${ENV.token}     a token from \`catalog-blocks login\` (preferred), or
  ${ENV.user} + ${ENV.password}   log in for each command
  ${ENV.pollMs}   how often --wait asks for the job (default 2000 ms)
  ${STORE_ENV}     the metadata store, for \`distributions\` (or --store-url; default: {origin}/store/ beside an API URL ending in /api)

Exit codes:
  0 done (with --wait: the job ended SUCCESS)   1 the job ended FAILED
  2 wrong usage (missing URL, credentials, file)  3 not logged in / not allowed (401, 403)
  4 not found (404)   5 upload rejected (400 bad filename, 413 too large, 422 wrong kind of URI)
  6 network or server error   7 too many login attempts (429)

Examples:
  export ${ENV.url}=https://catalog.example.org/api
  export ${ENV.token}=$(catalog-blocks login --user <EMAIL> --password-stdin < password.txt)
  catalog-blocks distributions https://catalog.example.org/store/1/resource/41     # a dataset: its distributions and files
  catalog-blocks upload add https://catalog.example.org/store/1/resource/42 data.csv --wait
  catalog-blocks upload replace https://catalog.example.org/store/1/resource/43 data.csv --wait --json
  catalog-blocks job 7239012345678901234 --wait
`;

function buildProgram(): Command {
  const program = new Command('catalog-blocks')
    .description('Add or replace the file of a distribution in a data catalog, and follow the job that processes it.')
    .addOption(new Option('--api-url <url>', 'API base URL').env(ENV.url))
    .option('--json', 'print machine-readable JSON on stdout (no progress bars)')
    .version(packageVersion(), '-V, --version', 'print the version')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', HELP_AFTER)
    .exitOverride();
  const globals = (cmd: Command): GlobalOptions => cmd.optsWithGlobals() as GlobalOptions;

  program.command('login')
    .description(`log in and print a token for ${ENV.token} (the password is read from stdin, ${ENV.password} or a prompt, never from the command line)`)
    .option('--user <name>', `user name (default: ${ENV.user})`)
    .option('--password-stdin', 'read the password from stdin')
    .option('--max-age <seconds>', 'ask for a session that lasts this long (the server may shorten it)')
    .action(async (opts, cmd: Command) => { process.exitCode = await login(opts, globals(cmd)); });

  const uploadCmd = program.command('upload')
    .description('upload a file: add it to a distribution, or replace an existing file');
  uploadCmd.command('add')
    .description('add a file to a distribution (creates a new file entry in the live catalog when the job succeeds)')
    .argument('<distributionURI>', 'resource URI of the distribution, e.g. https://…/store/1/resource/42')
    .argument('<file>', 'path of the file to upload')
    .option('--wait', 'wait until the job has ended and show its result (exit 1 if it FAILED)')
    .action(async (uri: string, file: string, opts, cmd: Command) => { process.exitCode = await upload('add', uri, file, opts, globals(cmd)); });
  uploadCmd.command('replace')
    .description('replace the content of an existing file entry (the live file changes when the job succeeds)')
    .argument('<fileURI>', 'resource URI of the file to replace (the resultUrl of an earlier add)')
    .argument('<file>', 'path of the new file')
    .option('--wait', 'wait until the job has ended and show its result (exit 1 if it FAILED)')
    .action(async (uri: string, file: string, opts, cmd: Command) => { process.exitCode = await upload('replace', uri, file, opts, globals(cmd)); });

  program.command('job')
    .description('show the state of an upload job (exit 1 if it FAILED)')
    .argument('<jobId>', 'the job id printed by `upload` (a decimal number, up to 19 digits)')
    .option('--wait', 'wait until the job has ended')
    .action(async (jobId: string, opts, cmd: Command) => { process.exitCode = await jobCommand(jobId, opts, globals(cmd)); });

  program.command('distributions')
    .description('list the distributions of a dataset and their uploaded files: the resource URIs `upload add` and `upload replace` take (public metadata, no login)')
    .argument('<dataset>', 'resource URI of the dataset (or of one distribution), or its entry URL {store}{context}/entry/{id}')
    .addOption(new Option('--store-url <url>', 'the metadata store, e.g. https://catalog.example.org/store/').env(STORE_ENV))
    .option('--lang <code>', 'language of titles (default en)')
    .action(async (target: string, opts, cmd: Command) => { process.exitCode = await distributions(target, opts, globals(cmd)); });

  program.command('whoami')
    .description('show the user the configured credentials log in as (exit 3 if the token is expired or unknown)')
    .action(async (_opts, cmd: Command) => { process.exitCode = await whoami(globals(cmd)); });

  program.command('logout')
    .description(`end the session of ${ENV.token} on the server (the token stops working)`)
    .action(async (_opts, cmd: Command) => { process.exitCode = await logout(globals(cmd)); });

  return program;
}

export async function run(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version exit 0; every other commander complaint (unknown option, missing argument) is usage
      return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    const json = process.argv.includes('--json');
    // Ctrl-C: follow() has already said what happened and how to resume
    if (exitCodeFor(e) === EXIT.INTERRUPTED) return EXIT.INTERRUPTED;
    if (json) outJson(errorJson(e));
    else {
      err(`catalog-blocks: ${describeError(e)}`);
      const hint = hintFor(e);
      if (hint) err(hint);
    }
    return exitCodeFor(e);
  }
}

// `catalog-blocks --help | head`: a closed pipe is not an error worth a stack trace
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
process.exitCode = await run(process.argv);
