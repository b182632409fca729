/**
 * One request of the job API clients, every failure typed: non-2xx → JobApiError, unreachable → NetworkError,
 * cancelled → AbortError. Bodies are read as text so that ids can be parsed exactly (json.ts).
 */
import { AbortError, BadPayloadError, NetworkError } from '../store/errors.ts';
import { JobApiError, parseRetryAfter } from './errors.ts';
import { parseJsonKeepingIds } from './json.ts';

export type FetchLike = typeof fetch;

/** What the clients need of an answer, from fetch or XMLHttpRequest alike. */
export interface RawResponse {
  readonly status: number;
  readonly url: string;
  header(name: string): string | null;
  /** Every Set-Cookie line (Node fetch exposes them; browsers never do). */
  setCookies(): string[];
  readonly text: string;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, …) is in `cause` (or its errors). */
function networkReason(e: unknown): string {
  const cause = (e as { cause?: unknown }).cause;
  if (cause && typeof cause === 'object') {
    const c = cause as { code?: unknown; message?: unknown; errors?: unknown[] };
    const first = Array.isArray(c.errors) ? (c.errors[0] as { code?: unknown } | undefined) : undefined;
    const code = c.code ?? first?.code;
    if (typeof code === 'string') return typeof c.message === 'string' && c.message ? `${code}: ${c.message}` : code;
    if (typeof c.message === 'string' && c.message) return c.message;
  }
  return messageOf(e);
}

export function abortError(url: string, cause?: unknown): AbortError {
  return new AbortError(`Request cancelled: ${url}`, cause === undefined ? undefined : { cause });
}

/** Fetches and reads the whole body as text; throws AbortError / NetworkError (never for an HTTP status). */
export async function fetchText(fetchFn: FetchLike, url: string, init: RequestInit): Promise<RawResponse> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError(url);
  let response: Response;
  let text: string;
  try {
    response = await fetchFn(url, init);
    text = await response.text();
  } catch (e) {
    if (signal?.aborted) throw abortError(url, e);
    throw new NetworkError(`The API could not be reached (${networkReason(e)}): ${url}`, { cause: e });
  }
  const headers = response.headers;
  return {
    status: response.status,
    url,
    text,
    header: (name) => headers.get(name),
    setCookies: () => {
      const h = headers as Headers & { getSetCookie?: () => string[] };
      if (typeof h.getSetCookie === 'function') return h.getSetCookie();
      const one = headers.get('set-cookie');
      return one ? [one] : [];
    },
  };
}

/** The error body's JSON (ids exact), or the raw text when it is not JSON. */
function errorBody(text: string): unknown {
  try {
    return parseJsonKeepingIds(text);
  } catch {
    return text;
  }
}

/** JobApiError for a non-2xx answer: message = the body's `error` when present. */
export function apiError(res: RawResponse): JobApiError {
  const body = errorBody(res.text);
  const serverMessage = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string }).error
    : undefined;
  const retryAfterS = parseRetryAfter(res.header('retry-after'));
  return new JobApiError(res.status, serverMessage ?? `The API answered ${res.status} for ${res.url}`, {
    body,
    url: res.url,
    ...(retryAfterS !== undefined ? { retryAfterS } : {}),
  });
}

/** Throws JobApiError unless 2xx. */
export function expectOk(res: RawResponse): RawResponse {
  if (res.status < 200 || res.status > 299) throw apiError(res);
  return res;
}

/** JSON body of a 2xx answer with `jobId` kept exact; BadPayloadError when it is not a JSON object. */
export function jsonObject(res: RawResponse): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parseJsonKeepingIds(res.text);
  } catch (e) {
    throw new BadPayloadError(`The API answered with invalid JSON for ${res.url} (${messageOf(e)})`, { cause: e });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new BadPayloadError(`The API answered with JSON that is not an object for ${res.url}`);
  }
  return parsed as Record<string, unknown>;
}

/** The `jobId` of a parsed answer as an exact decimal string. */
export function jobIdOf(obj: Record<string, unknown>, url: string): string {
  const id = obj['jobId'];
  if (typeof id === 'string' && /^\d+$/.test(id)) return id;
  throw new BadPayloadError(`The API answered without an integer jobId for ${url}`);
}
