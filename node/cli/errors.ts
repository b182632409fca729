/**
 * Exit codes of `catalog-blocks` (contract §4) and how an error becomes one line for a human or a tool.
 * Scripts branch on the code, so each class of failure keeps its number.
 */
import { JobApiError } from '../../src/api.ts';

export const EXIT = {
  OK: 0,
  JOB_FAILED: 1,
  USAGE: 2,
  AUTH: 3,
  NOT_FOUND: 4,
  REJECTED: 5,
  NETWORK: 6,
  RATE_LIMITED: 7,
  INTERRUPTED: 130,
} as const;

/** A mistake in how the command was called (missing URL, credentials, bad job id, unreadable file). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** HTTP status of an API error, whether or not it crossed a bundle boundary. */
export function httpStatus(err: unknown): number | undefined {
  if (err instanceof JobApiError) return err.status;
  if (err instanceof Error && err.name === 'JobApiError' && typeof (err as { status?: unknown }).status === 'number') {
    return (err as unknown as { status: number }).status;
  }
  return undefined;
}

export function exitCodeFor(err: unknown): number {
  if (err instanceof UsageError) return EXIT.USAGE;
  if (err instanceof Error && err.name === 'AbortError') return EXIT.INTERRUPTED;
  // the metadata store's client (`distributions`): no entry, or not a public one
  if (err instanceof Error && err.name === 'NotFoundError') return EXIT.NOT_FOUND;
  const status = httpStatus(err);
  if (status === undefined) return EXIT.NETWORK;
  if (status === 401 || status === 403) return EXIT.AUTH;
  if (status === 404) return EXIT.NOT_FOUND;
  if (status === 400 || status === 413 || status === 422) return EXIT.REJECTED;
  if (status === 429) return EXIT.RATE_LIMITED;
  return EXIT.NETWORK;
}

/** The server's `{"error": "…"}` text when there is one, else the error's own message. */
export function serverMessage(err: unknown): string {
  const body = (err as { body?: unknown }).body;
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    return (body as { error: string }).error;
  }
  if (err instanceof Error) {
    // Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, …) is in `cause`.
    const cause = (err as { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' ? (cause as { code?: unknown; message?: unknown }) : undefined;
    if (err.message === 'fetch failed' && code) return `cannot reach the API (${String(code.code ?? code.message)})`;
    return err.message;
  }
  return String(err);
}

/** One line for stderr (or a tool result): `HTTP 422: resourceURI names a file entry; …`. */
export function describeError(err: unknown): string {
  const status = httpStatus(err);
  const message = serverMessage(err);
  if (status === undefined) return message;
  const retry = (err as { retryAfterS?: unknown }).retryAfterS;
  const hint = status === 429 && typeof retry === 'number' ? ` (retry after ${retry} s)` : '';
  return `HTTP ${status}: ${message}${hint}`;
}

/** The error as JSON for `--json` (stdout stays machine-readable even on failure). */
export function errorJson(err: unknown): Record<string, unknown> {
  const status = httpStatus(err);
  const out: Record<string, unknown> = { error: serverMessage(err), exitCode: exitCodeFor(err) };
  if (status !== undefined) out.status = status;
  const retry = (err as { retryAfterS?: unknown }).retryAfterS;
  if (typeof retry === 'number') out.retryAfterS = retry;
  return out;
}
