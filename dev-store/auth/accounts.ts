/**
 * Dev store accounts: `--user NAME:PASSWORD[:CONTEXTS]` (CONTEXTS a comma list of context ids; omitted = every
 * context). Without any account the demo account `demo` / `demo-password` (every context) exists.
 * User names match case-insensitively (they are e-mail addresses in real installations; EntryStore lower-cases
 * `auth_username`); the configured spelling is the one reported.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export interface AccountSpec {
  readonly name: string;
  readonly password: string;
  /** Context ids the user may write; undefined = every context. */
  readonly contexts?: readonly string[];
}

export const DEMO_ACCOUNT: AccountSpec = { name: 'demo', password: 'demo-password' };

export class Account {
  readonly name: string;
  readonly #passwordHash: Buffer;
  readonly #contexts: ReadonlySet<string> | undefined;

  constructor(spec: AccountSpec) {
    this.name = spec.name;
    this.#passwordHash = sha256(spec.password);
    this.#contexts = spec.contexts ? new Set(spec.contexts) : undefined;
  }

  /** Constant-time comparison (hashes have equal length, so timingSafeEqual applies). */
  passwordMatches(password: string): boolean {
    return timingSafeEqual(sha256(password), this.#passwordHash);
  }

  mayWrite(contextId: string): boolean {
    return this.#contexts === undefined || this.#contexts.has(contextId);
  }

  /** For the CLI banner: "every context" or the list. */
  describeContexts(): string {
    return this.#contexts === undefined ? 'every context' : `contexts ${[...this.#contexts].join(', ')}`;
  }
}

function sha256(s: string): Buffer {
  return createHash('sha256').update(s, 'utf8').digest();
}

/** Parses `NAME:PASSWORD[:CONTEXTS]`; the password may not contain `:` (then CONTEXTS could not be told apart). */
export function parseUserOption(value: string): AccountSpec {
  const parts = value.split(':');
  if (parts.length < 2 || parts.length > 3) throw new Error(`--user: expected NAME:PASSWORD[:CONTEXTS], got ${JSON.stringify(value)}`);
  const [name, password, contexts] = parts as [string, string, string | undefined];
  if (!name.trim()) throw new Error('--user: empty user name');
  if (!password) throw new Error(`--user ${name}: empty password`);
  if (contexts === undefined) return { name: name.trim(), password };
  const list = contexts.split(',').map((c) => c.trim()).filter(Boolean);
  if (list.length === 0) throw new Error(`--user ${name}: empty context list (omit it for every context)`);
  return { name: name.trim(), password, contexts: list };
}

export class Accounts {
  readonly #byName = new Map<string, Account>();

  constructor(specs: readonly AccountSpec[]) {
    for (const spec of specs.length > 0 ? specs : [DEMO_ACCOUNT]) {
      const key = spec.name.toLowerCase();
      if (this.#byName.has(key)) throw new Error(`user ${spec.name} is defined twice`);
      this.#byName.set(key, new Account(spec));
    }
  }

  get(name: string): Account | undefined {
    return this.#byName.get(name.toLowerCase());
  }

  /** The account when name and password match, else undefined (same work either way for unknown names). */
  verify(name: string, password: string): Account | undefined {
    const account = this.get(name);
    if (!account) {
      DUMMY.passwordMatches(password);
      return undefined;
    }
    return account.passwordMatches(password) ? account : undefined;
  }

  all(): Account[] {
    return [...this.#byName.values()];
  }
}

const DUMMY = new Account({ name: '', password: 'x' });
