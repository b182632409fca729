/**
 * Where the API is and who we are, for the CLI and the MCP server alike: `CATALOG_API_URL`, then either
 * `CATALOG_API_TOKEN` or `CATALOG_API_USER` + `CATALOG_API_PASSWORD` (the token wins when both are set).
 * Secrets come only from the environment or stdin, never from argv (argv is visible in `ps`).
 */
import { JobApiClient } from '../../src/api.ts';
import { UsageError } from './errors.ts';

export const ENV = {
  url: 'CATALOG_API_URL',
  token: 'CATALOG_API_TOKEN',
  user: 'CATALOG_API_USER',
  password: 'CATALOG_API_PASSWORD',
  pollMs: 'CATALOG_API_POLL_MS',
} as const;

export interface ApiSettings {
  /** Whose settings (for messages that say where to set what); default the CLI. */
  readonly reader?: Reader;
  readonly apiUrl: string;
  readonly token?: string;
  readonly user?: string;
  readonly password?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const present = (v: string | undefined): string | undefined => (v === undefined || v === '' ? undefined : v);

/**
 * Who reads the settings: the CLI (flags and its shell's environment) or the MCP server, which has no flags and reads
 * only the environment its MCP client gives it (the `env` of its entry in the client's configuration).
 */
export type Reader = 'cli' | 'mcp';

const MCP_ENV = 'in the environment of the MCP server (the "env" of its entry in the MCP client\'s configuration)';

export function apiUrlFrom(flag: string | undefined, env: Env, reader: Reader = 'cli'): string {
  const url = present(flag) ?? present(env[ENV.url]);
  if (!url) {
    throw new UsageError(reader === 'mcp'
      ? `No API URL: set ${ENV.url} ${MCP_ENV}, e.g. https://catalog.example.org/api`
      : `No API URL: pass --api-url <url> or set ${ENV.url} (e.g. https://catalog.example.org/api)`);
  }
  if (!/^https?:\/\//i.test(url)) throw new UsageError(`The API URL must start with http:// or https:// (got "${url}")`);
  return url;
}

export function settingsFrom(apiUrlFlag: string | undefined, env: Env, reader: Reader = 'cli'): ApiSettings {
  return {
    reader,
    apiUrl: apiUrlFrom(apiUrlFlag, env, reader),
    token: present(env[ENV.token]),
    user: present(env[ENV.user]),
    password: env[ENV.password] ?? undefined,
  };
}

/** Poll interval for waiting on a job: the spec recommends "every couple of seconds". */
export function pollIntervalMs(env: Env, fallback = 2000): number {
  const n = Number(env[ENV.pollMs]);
  return Number.isFinite(n) && n >= 50 ? n : fallback;
}

export interface Session {
  readonly client: JobApiClient;
  /** True when this process logged in itself (user + password) and should log out when done. */
  readonly ownsToken: boolean;
  /** Logs in again (own sessions only): a long wait can outlive the session lifetime. */
  renew?(): Promise<void>;
}

/** A client with a token: the given one, or a fresh login with user + password. */
export async function openSession(settings: ApiSettings): Promise<Session> {
  if (settings.token) return { client: new JobApiClient({ apiUrl: settings.apiUrl, token: settings.token }), ownsToken: false };
  if (settings.user && settings.password !== undefined) {
    const { user, password } = settings;
    const client = new JobApiClient({ apiUrl: settings.apiUrl });
    await client.login(user, password);
    return { client, ownsToken: true, renew: async () => { await client.login(user, password); } };
  }
  throw new UsageError(settings.reader === 'mcp'
    ? `No credentials: set ${ENV.token} (a token from \`catalog-blocks login\`), or ${ENV.user} and ${ENV.password}, ${MCP_ENV}`
    : `No credentials: set ${ENV.token} (from \`catalog-blocks login\`) or ${ENV.user} and ${ENV.password}`);
}

/** Ends a session this process opened; a token given to us is left alone (logout would invalidate it for its owner). */
export async function closeSession(session: Session): Promise<void> {
  if (!session.ownsToken) return;
  try {
    await session.client.logout();
  } catch {
    // best effort: the session expires on the server anyway
  }
}
