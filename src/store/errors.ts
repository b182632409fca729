/** Typed failures of the store client. Blocks map them to their error states. */
export class StoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The store could not be reached (DNS, refused connection, CORS, offline) or timed out. */
export class NetworkError extends StoreError {}

/** The store answered with a non-2xx status other than 404. */
export class HttpStatusError extends StoreError {
  constructor(readonly status: number, readonly url: string, message?: string) {
    super(message ?? `The store answered ${status} for ${url}`);
  }
}

/** The entry does not exist or is not public (EntryStore answers 200 without metadata for those). */
export class NotFoundError extends StoreError {}

/** The store answered 2xx but the body is not what the contract promises (bad JSON, malformed RDF/JSON). */
export class BadPayloadError extends StoreError {}

/** Thrown when the caller's AbortSignal fired; blocks ignore it (a newer request superseded this one). */
export class AbortError extends StoreError {}

export function isAbort(e: unknown): boolean {
  return e instanceof AbortError || (e instanceof Error && e.name === 'AbortError');
}
