/**
 * CLI: `tsx demo/store/main.ts [--catalog FILE]… [--port N] [--host H] [--base-url URL] [--max-limit N] [--quiet]`.
 * Prints exactly one line containing `http://localhost:PORT/store/` (parsed by the wtr plugin and tests).
 * A catalog that does not parse: `catalog FILE: line L, column C: message` on stderr, exit code 2.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogParseError } from './rdf/parse.ts';
import { countByKind } from './routes/home.ts';
import { createStoreServer } from './server.ts';

const DEFAULT_CATALOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../catalog/demo-catalog.ttl');

const USAGE = `Usage: npm run store -- [--catalog FILE]... [--port N] [--host HOST] [--base-url URL] [--max-limit N] [--quiet]
  --catalog FILE   DCAT catalog (Turtle, RDF/XML, JSON-LD, N-Triples); repeat for more contexts (default: the demo catalog)
  --port N         port, 0 = any free port (default 8080)
  --host HOST      interface to listen on (default 127.0.0.1, plus ::1)
  --base-url URL   public store URL used in all URIs (default http://localhost:PORT/store/)
  --max-limit N    largest search page size served (default 100, as EntryStore; benchmarks raise it)
  --quiet          print only the store URL line`;

interface CliOptions {
  catalogs: string[];
  port: number;
  host: string;
  baseUrl?: string;
  maxLimit?: number;
  quiet: boolean;
}

function parseArgs(argv: string[]): CliOptions {
  const opts: CliOptions = { catalogs: [], port: 8080, host: '127.0.0.1', quiet: false };
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
      case '--quiet':
        opts.quiet = true;
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
  return opts;
}

async function main(): Promise<void> {
  let opts: CliOptions;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(64);
  }
  let server;
  try {
    server = await createStoreServer({ catalogs: opts.catalogs, port: opts.port, host: opts.host, ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}), ...(opts.maxLimit ? { maxLimit: opts.maxLimit } : {}) });
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
    console.log(`  loaded and indexed in ${Math.round(server.loadMs)} ms; Ctrl+C to stop`);
  }
  const stop = (): void => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
