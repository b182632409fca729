/**
 * CLI: `tsx dev-store/main.ts [--catalog FILE]… [--port N] [--host H] [--base-url URL] [--max-limit N] [--cors-origin O]… [--solr-related] [--range] [--quiet]`
 * plus the upload job API options (`--user`, `--max-upload-mb`, `--max-uploads-per-minute`, `--upload-quota-mb`,
 * `--job-retention-s`, `--data-dir`, `--processing-ms`, `--login-lockout-s`, `--session-s`).
 * The first line is the only one containing `http://localhost:PORT/store/` (parsed by the wtr plugin and tests).
 * A catalog that does not parse: `catalog FILE: line L, column C: message` on stderr, exit code 2.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNT, parseUserOption } from './auth/index.ts';
import type { AccountSpec } from './auth/index.ts';
import { CatalogParseError } from './rdf/parse.ts';
import { countByKind } from './routes/home.ts';
import { createStoreServer, JOB_DEFAULTS } from './server.ts';
import { enableUploadGc } from './http/memory.ts';
import type { JobServerOptions } from './server.ts';

const DEFAULT_CATALOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo/catalog/demo-catalog.ttl');

const USAGE = `Usage: npm run store -- [--catalog FILE]... [--port N] [--host HOST] [--base-url URL] [--max-limit N] [--cors-origin ORIGIN]... [--solr-related] [--range] [--quiet]
                  [--user NAME:PASSWORD[:CONTEXTS]]... [--data-dir DIR] [--max-upload-mb N] [--max-uploads-per-minute N]
                  [--upload-quota-mb N] [--job-retention-s N]
                  [--processing-ms N] [--login-lockout-s N] [--session-s N]
  --catalog FILE        DCAT catalog (Turtle, RDF/XML, JSON-LD, N-Triples); repeat for more contexts (default: the demo catalog)
  --port N              port, 0 = any free port (default 8080)
  --host HOST           interface to listen on (default 127.0.0.1, plus ::1)
  --base-url URL        public store URL used in all URIs (default http://localhost:PORT/store/)
  --max-limit N         largest search page size served (default 100, as EntryStore; benchmarks raise it)
  --cors-origin ORIGIN  an origin whose pages may read the store with CORS (and call /api with credentials), e.g.
                        http://localhost:5173; repeatable; EntryStore patterns *suffix, prefix*, * work too (default:
                        none: CORS off as EntryStore, pages on other origins read with JSONP)
  --solr-related        index distributions' metadata under related.* (as entrystore.solr.related=on; default off)
  --range               answer Range requests on /resource/ files (EntryStore does not; default off)
  --quiet               print only the store URL line
Upload job APIs (/api, /taskrunner/v1):
  --user NAME:PASSWORD[:CONTEXTS]  an account; CONTEXTS = comma list of context ids it may write (default: all);
                        repeatable. Without any --user: the demo account ${DEMO_ACCOUNT.name} / ${DEMO_ACCOUNT.password}
  --data-dir DIR        jobs, uploads and the journal (default .dev-store-data/ in the current directory)
  --max-upload-mb N     upload size limit in MB (default 50)
  --max-uploads-per-minute N  uploads one user may make within a minute before waiting a minute: 429 (default 120)
  --upload-quota-mb N   total size of the uploaded files kept in the data dir: 507 past it (default 1024)
  --job-retention-s N   how long a finished job stays visible (default 86400)
  --processing-ms N     how long a job stays PROCESSING (default 1500)
  --login-lockout-s N   lockout after 5 failed logins within 5 minutes (default 60)
  --session-s N         default session lifetime (default 3600)`;

interface CliOptions {
  catalogs: string[];
  port: number;
  host: string;
  baseUrl?: string;
  maxLimit?: number;
  corsOrigins: string[];
  solrRelated?: boolean;
  range?: boolean;
  quiet: boolean;
  users: AccountSpec[];
  dataDir: string;
  jobs: Omit<JobServerOptions, 'users' | 'dataDir'>;
}

/** A number option: `min` ≤ value, whole unless `fraction`. */
function numberOption(name: string, v: string, min: number, fraction = false): number {
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n) || n < min || (!fraction && !Number.isInteger(n))) {
    throw new Error(`${name}: expected ${fraction ? 'a number' : 'a whole number'} ≥ ${min}, got ${v}`);
  }
  return n;
}

function parseArgs(argv: string[]): CliOptions {
  const opts: CliOptions = { catalogs: [], port: 8080, host: '127.0.0.1', corsOrigins: [], quiet: false, users: [], dataDir: path.resolve('.dev-store-data'), jobs: {} };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i]!;
    let value: string | undefined;
    const eq = arg.indexOf('=');
    if (arg.startsWith('--') && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    const next = (): string => {
      const v = value ?? argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--catalog':
        opts.catalogs.push(next());
        break;
      case '--port': {
        const v = next();
        if (!/^\d+$/.test(v) || Number(v) > 65535) throw new Error(`--port: not a port number: ${v}`);
        opts.port = Number(v);
        break;
      }
      case '--host':
        opts.host = next();
        break;
      case '--base-url':
        opts.baseUrl = next();
        break;
      case '--max-limit': {
        const v = next();
        if (!/^\d+$/.test(v) || Number(v) < 1) throw new Error(`--max-limit: not a positive integer: ${v}`);
        opts.maxLimit = Number(v);
        break;
      }
      case '--cors-origin':
        opts.corsOrigins.push(next());
        break;
      case '--quiet':
        opts.quiet = true;
        break;
      case '--solr-related':
        opts.solrRelated = true;
        break;
      case '--range':
        opts.range = true;
        break;
      case '--user':
        opts.users.push(parseUserOption(next()));
        break;
      case '--data-dir':
        opts.dataDir = path.resolve(next());
        break;
      case '--max-upload-mb': {
        const mb = numberOption(arg, next(), 0, true);
        const bytes = Math.round(mb * 1024 * 1024);
        if (bytes < 1) throw new Error(`${arg}: must be more than 0`);
        opts.jobs.maxUploadBytes = bytes;
        break;
      }
      case '--max-uploads-per-minute':
        opts.jobs.maxUploadsPerMinute = numberOption(arg, next(), 1);
        break;
      case '--upload-quota-mb':
        opts.jobs.uploadQuotaBytes = Math.round(numberOption(arg, next(), 0, true) * 1024 * 1024);
        break;
      case '--job-retention-s':
        opts.jobs.jobRetentionMs = numberOption(arg, next(), 0, true) * 1000;
        break;
      case '--processing-ms':
        opts.jobs.processingMs = numberOption(arg, next(), 0);
        break;
      case '--login-lockout-s':
        opts.jobs.loginLockoutMs = numberOption(arg, next(), 0, true) * 1000;
        break;
      case '--session-s':
        opts.jobs.sessionMs = numberOption(arg, next(), 1, true) * 1000;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
      // falls through (unreachable)
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  if (opts.catalogs.length === 0) opts.catalogs.push(DEFAULT_CATALOG);
  const names = new Set<string>();
  for (const u of opts.users) {
    if (names.has(u.name.toLowerCase())) throw new Error(`--user ${u.name} given twice`);
    names.add(u.name.toLowerCase());
  }
  return opts;
}

async function main(): Promise<void> {
  enableUploadGc();
  let opts: CliOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(64);
  }
  let server;
  try {
    server = await createStoreServer({
      catalogs: opts.catalogs,
      port: opts.port,
      host: opts.host,
      ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
      ...(opts.maxLimit ? { maxLimit: opts.maxLimit } : {}),
      corsOrigins: opts.corsOrigins,
      ...(opts.solrRelated ? { solrRelated: true } : {}),
      ...(opts.range ? { range: true } : {}),
      jobs: { ...opts.jobs, users: opts.users, dataDir: opts.dataDir },
    });
  } catch (e) {
    if (e instanceof CatalogParseError) {
      console.error(e.message);
      process.exit(2);
    }
    console.error(`dev store failed to start: ${(e as Error).message}`);
    process.exit(1);
  }
  const local = `http://localhost:${server.port}/store/`;
  console.log(server.url === local ? `Dev store: ${local}` : `Dev store: ${server.url} (listening at ${local})`);
  if (!opts.quiet) {
    for (const ctx of server.store.contexts.values()) {
      const counts = [...countByKind(ctx.entries.values())].map(([k, n]) => `${n} ${k}`).join(', ');
      const triples = [...ctx.entries.values()].reduce((n, e) => n + e.metadata.length, 0);
      console.log(`  context ${ctx.id} (${ctx.alias}): ${counts || 'no entries'}; ${triples} metadata triples — ${ctx.file}`);
    }
    const origin = `http://localhost:${server.port}`;
    const mb = (opts.jobs.maxUploadBytes ?? JOB_DEFAULTS.maxUploadBytes) / (1024 * 1024);
    const perMinute = opts.jobs.maxUploadsPerMinute ?? JOB_DEFAULTS.maxUploadsPerMinute;
    const quotaMb = (opts.jobs.uploadQuotaBytes ?? JOB_DEFAULTS.uploadQuotaBytes) / (1024 * 1024);
    const limits = `upload limit ${Number(mb.toFixed(3))} MB, ${perMinute} upload${perMinute === 1 ? '' : 's'} a minute for each user, ${Number(quotaMb.toFixed(3))} MB in all`;
    console.log(`  current job API: ${origin}/api (${limits})`);
    const cors = server.app.corsOrigins.patterns;
    console.log(`  CORS (reads; /api with credentials): ${cors.length ? cors.join(', ') : 'off, as EntryStore: pages elsewhere read with JSONP (--cors-origin to allow one)'}`);
    console.log(`  legacy task API: ${origin}/taskrunner/v1 (cookie login: POST ${server.app.storePath}auth/cookie)`);
    console.log(`  data dir: ${server.dataDir}`);
    if (opts.users.length === 0) console.log(`  demo account: ${DEMO_ACCOUNT.name} / ${DEMO_ACCOUNT.password} (every context)`);
    else for (const a of server.auth.accounts.all()) console.log(`  account: ${a.name} (${a.describeContexts()})`);
    console.log(`  loaded and indexed in ${Math.round(server.loadMs)} ms; Ctrl+C to stop`);
  }
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
