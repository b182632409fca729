/**
 * One read of a file per page, shared by every reader of it (issue 27.4): the data preview, the charts and the point
 * maps of one distribution open cursors on the same `SharedFile`, so the file is fetched once, whoever asks first.
 * Bytes are kept as they arrive (never more than the 10 MiB cap), so a reader that comes later reads what is at hand
 * and the fetch goes on only for bytes nobody has yet.
 *
 * Reading only what is needed (issue 27.3): each cursor says how far it means to read (`want`), and the file fetches
 * up to the furthest such point and no further. The request asks for that byte range (`Range: bytes=a-b`, a
 * CORS-safelisted header: no preflight); a server that honours it sends no more, and one that ignores it (200, the
 * whole file) is cut off — the request is aborted — as soon as the bytes wanted are in. More is fetched only when a
 * reader wants more: a Range request from where the bytes end, or, from a server that ignored Range, a new request
 * whose first bytes (those already held) are skipped. No byte past the cap is ever kept.
 */

/** 10 MiB: the most a preview reads of a file (behaviour doc §6.5), and the most a shared file holds. */
export const PREVIEW_CAP_BYTES = 10 * 1024 * 1024;

export class PreviewHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'PreviewHttpError';
  }
}

type Fetch = typeof globalThis.fetch;

/** The page's fetch. Readers that bring no fetch of their own use this one, and so share their reads. */
export const pageFetch: Fetch = (input, init) => globalThis.fetch(input, init);

/** Files nobody reads any more are forgotten, oldest first, while the page holds more than this. */
const PAGE_HOLD_BYTES = 32 * 1024 * 1024;

/** A reader's place in a shared file: it reads the file's bytes in order, up to its own `limit`. */
export class FileCursor {
  #position = 0;
  #want = 0;
  #closed = false;

  constructor(readonly file: SharedFile, readonly limit: number) {}

  /** Bytes read so far. */
  get position(): number {
    return this.#position;
  }

  /** How far the reader means to read (at most one byte past its limit: that byte tells whether the file goes on). */
  get wanted(): number {
    return this.#closed ? 0 : Math.min(this.#want, this.limit + 1);
  }

  /** The reader means to read up to byte `end` (absolute): the file fetches that far. Never lowers what was asked. */
  want(end: number): void {
    if (end <= this.#want) return;
    this.#want = end;
    this.file.readersChanged();
  }

  /** Bytes at hand past the position (within the limit): `next` gives them without waiting for the network. */
  get available(): number {
    return Math.max(0, Math.min(this.file.length, this.limit) - this.#position);
  }

  /**
   * The next piece of the file, waiting for the network when none is at hand; undefined at the end of the file or
   * of the limit. Asking past what was wanted wants one byte more (a reader says how far it reads with `want`).
   * Rejects when the file cannot be fetched or `signal` aborts.
   */
  async next(signal?: AbortSignal): Promise<Uint8Array | undefined> {
    for (;;) {
      signal?.throwIfAborted();
      if (this.#closed) return undefined;
      const piece = this.file.piece(this.#position, this.limit);
      if (piece) {
        this.#position += piece.length;
        return piece;
      }
      if (this.file.endsAt(this.#position)) return undefined;
      if (this.#position >= this.limit) {
        // At the limit: done, once it is known whether the file goes on (when the reader wants to know).
        if (this.wanted <= this.limit || this.file.longerThan(this.limit)) return undefined;
        await this.file.arrival(signal);
        continue;
      }
      this.want(this.#position + 1);
      await this.file.arrival(signal);
    }
  }

  /** At its end: the file goes on past what this reader read (its limit, or what the server would send). */
  get truncated(): boolean {
    return this.file.longerThan(Math.min(this.#position, this.limit)) && (this.#position >= this.limit || this.file.stalled);
  }

  /** The reader is done: a fetch that nobody else needs stops. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.file.readersChanged(this);
  }
}

/** One file of the page: its bytes so far, the fetch that brings more, and the cursors of its readers. */
export class SharedFile {
  readonly #cap: number;
  /** The bytes held (the first `#length` of it), grown as they arrive. */
  #bytes = new Uint8Array(0);
  #length = 0;
  /** The file ends where the bytes held end. */
  #ended = false;
  /** Its size, when an answer said (`Content-Range: bytes a-b/size`). */
  #size: number | undefined;
  /** Bytes came past the cap (they were dropped). */
  #beyondCap = false;
  #stalled = false;
  /** true: a 206 answered; false: a server ignored Range (200); undefined: not known yet. */
  #ranges: boolean | undefined;
  /** Sent with Range until a ranged request failed as a network error (a browser that would preflight it). */
  #rangeHeader = true;
  #error: unknown;
  readonly #cursors = new Set<FileCursor>();
  #pumping = false;
  /** The current request is being stopped on purpose (no reader needs more). */
  #stopping = false;
  #request: AbortController | undefined;
  #waiters: (() => void)[] = [];

  constructor(readonly url: string, readonly fetch: Fetch = pageFetch, cap = PREVIEW_CAP_BYTES) {
    this.#cap = cap;
  }

  /** Bytes held, from the start of the file. */
  get length(): number {
    return this.#length;
  }

  /** Whether the server serves byte ranges (undefined until an answer told). */
  get servesRanges(): boolean | undefined {
    return this.#ranges;
  }

  /** Nobody reads it and nothing is being fetched: it may be forgotten. */
  get idle(): boolean {
    return this.#cursors.size === 0 && !this.#pumping;
  }

  get failed(): boolean {
    return this.#error !== undefined;
  }

  /** A new reader from the start of the file that reads at most `limit` bytes (at most the cap). */
  open(limit = this.#cap): FileCursor {
    const cursor = new FileCursor(this, Math.min(limit, this.#cap));
    this.#cursors.add(cursor);
    return cursor;
  }

  /** The held bytes from `position` up to `limit` (all that is at hand, in one piece), or undefined when none are. */
  piece(position: number, limit: number): Uint8Array | undefined {
    const end = Math.min(this.#length, limit);
    return position < end ? this.#bytes.subarray(position, end) : undefined;
  }

  /** No more bytes are to be had after `position`: the file ends there, or the server sends no more of it. */
  endsAt(position: number): boolean {
    return (this.#ended || this.#stalled) && position >= this.#length;
  }

  /** An answer brought no new byte though the file goes on (a server that keeps sending the same range): no more is asked. */
  get stalled(): boolean {
    return this.#stalled;
  }

  /** The file is known to hold more than `bytes` bytes. */
  longerThan(bytes: number): boolean {
    return this.#length > bytes || this.#beyondCap || (this.#size ?? 0) > bytes;
  }

  /** Resolves when more bytes arrived or the file ended; rejects when it failed or `signal` aborted. */
  arrival(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        this.#waiters = this.#waiters.filter((w) => w !== wake);
        reject(signal!.reason);
      };
      const wake = (): void => {
        signal?.removeEventListener('abort', onAbort);
        if (this.#error === undefined) resolve();
        else reject(this.#error);
      };
      if (this.#error !== undefined) return wake();
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.push(wake);
      this.#pump();
    });
  }

  /** A reader wants more, or less (it closed): fetch on, or stop a fetch nobody needs. */
  readersChanged(closed?: FileCursor): void {
    if (closed) this.#cursors.delete(closed);
    if (this.#satisfied()) {
      if (this.#request) {
        this.#stopping = true;
        this.#request.abort();
      }
    } else {
      this.#pump();
    }
    if (closed && this.#cursors.size === 0) forgetIdleFiles();
  }

  #demand(): number {
    let demand = 0;
    for (const c of this.#cursors) demand = Math.max(demand, c.wanted);
    // One byte past the cap tells whether the file goes on.
    return Math.min(demand, this.#cap + 1);
  }

  #satisfied(): boolean {
    return this.#error !== undefined || this.#ended || this.#stalled || (this.#length >= this.#cap && this.longerThan(this.#cap)) || this.#length >= this.#demand();
  }

  #wake(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  #pump(): void {
    if (this.#pumping || this.#satisfied()) return;
    this.#pumping = true;
    this.#stopping = false;
    void this.#fetchMore().then(
      () => undefined,
      (e: unknown) => {
        // (a fetch stopped because no reader needs more is no failure, whatever error the stream reports)
        if (!this.#stopping) this.#error = e;
      },
    ).finally(() => {
      this.#pumping = false;
      this.#request = undefined;
      this.#wake();
      if (this.#error !== undefined) forget(this);
      else this.#pump();
    });
  }

  /** Fetches until the readers' demand is met, the file ends or the cap is reached (several requests if need be). */
  async #fetchMore(): Promise<void> {
    while (!this.#satisfied()) {
      const answer = await this.#send(this.#length, this.#demand());
      if (!answer) continue;
      const { reader, from, rangeEnd } = answer;
      const before = this.#length;
      let skip = this.#length - from;
      let at = from;
      let streamEnded = false;
      try {
        while (!this.#satisfied()) {
          const { done, value } = await reader.read();
          if (done) {
            streamEnded = true;
            break;
          }
          at += value.length;
          let bytes = value;
          if (skip > 0) {
            const dropped = Math.min(skip, bytes.length);
            skip -= dropped;
            bytes = bytes.subarray(dropped);
          }
          this.#append(bytes);
        }
      } finally {
        if (!streamEnded) {
          // The bytes wanted are in: stop the download itself, not only the reading.
          this.#stopping = true;
          this.#request?.abort();
        }
        void reader.cancel().catch(() => undefined);
      }
      // A whole file (200) ends where its answer ends; so does one whose range came shorter than asked.
      if (streamEnded && (rangeEnd === undefined || at < rangeEnd || (this.#size !== undefined && at >= this.#size))) this.#endAt(at);
      else if (streamEnded && this.#length === before) this.#stalled = true;
      this.#stopping = false;
    }
  }

  #append(bytes: Uint8Array): void {
    const room = this.#cap - this.#length;
    if (bytes.length > room) this.#beyondCap = true;
    const kept = bytes.subarray(0, room);
    if (this.#length + kept.length > this.#bytes.length) {
      const grown = new Uint8Array(Math.min(this.#cap, Math.max(2 * this.#bytes.length, this.#length + kept.length, 65536)));
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    this.#bytes.set(kept, this.#length);
    this.#length += kept.length;
    if (this.#size !== undefined && this.#length >= this.#size) this.#ended = true;
    this.#wake();
  }

  #endAt(position: number): void {
    if (position >= this.#length && !this.#beyondCap) this.#ended = true;
  }

  /**
   * Sends one GET for bytes `from`…`to - 1`. Resolves with the body and where it starts (0 when a server ignored
   * Range), or undefined when nothing is to be read (416: the file ends at `from`).
   */
  async #send(from: number, to: number): Promise<{ reader: ReadableStreamDefaultReader<Uint8Array>; from: number; rangeEnd: number | undefined } | undefined> {
    const request = new AbortController();
    this.#request = request;
    const get = (ranged: boolean): Promise<Response> => {
      return this.fetch(this.url, {
        credentials: 'omit', mode: 'cors', signal: request.signal, ...(ranged ? { headers: { Range: `bytes=${from}-${to - 1}` } } : {}),
      });
    };
    let response: Response;
    try {
      response = await get(this.#rangeHeader);
    } catch (e) {
      if (request.signal.aborted || !(e instanceof TypeError) || !this.#rangeHeader) throw request.signal.aborted ? request.signal.reason : e;
      this.#rangeHeader = false;
      response = await get(false);
    }
    if (response.status === 416) {
      void response.body?.cancel().catch(() => undefined);
      this.#endAt(from);
      return undefined;
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      throw new PreviewHttpError(response.status);
    }
    const body = response.body ?? new Response(await response.arrayBuffer()).body!;
    if (response.status !== 206) {
      this.#ranges = false;
      return { reader: body.getReader(), from: 0, rangeEnd: undefined };
    }
    this.#ranges = true;
    // `bytes a-b/size` (readable same-origin, or when CORS exposes it); else the range is taken to be the one asked.
    const range = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(response.headers.get('content-range') ?? '');
    const start = range ? Number(range[1]) : from;
    if (range && range[3] !== '*') this.#size = Number(range[3]);
    if (start > from) {
      void body.cancel().catch(() => undefined);
      throw new PreviewHttpError(206);
    }
    return { reader: body.getReader(), from: start, rangeEnd: range ? Number(range[2]) + 1 : to };
  }
}

/** The files of the page, by URL, in order of last use (the oldest first). */
const files = new Map<string, SharedFile>();

/**
 * The page's shared read of `url` (through `fetch`, the page's by default): every reader of the same file on the page
 * gets the same one, unless its read failed (then a new one: "Try again" fetches again). A reader with another fetch
 * (tests) gets a new one, which the next readers through that fetch share.
 */
export function sharedFile(url: string, fetch: Fetch = pageFetch): SharedFile {
  let file = files.get(url);
  files.delete(url);
  if (!file || file.failed || file.fetch !== fetch) file = new SharedFile(url, fetch);
  files.set(url, file);
  forgetIdleFiles();
  return file;
}

function forget(file: SharedFile): void {
  if (files.get(file.url) === file) files.delete(file.url);
}

/** While the page holds more than PAGE_HOLD_BYTES, the least recently opened files nobody reads are forgotten. */
function forgetIdleFiles(): void {
  let held = 0;
  for (const f of files.values()) held += f.length;
  for (const f of [...files.values()]) {
    if (held <= PAGE_HOLD_BYTES) return;
    if (!f.idle) continue;
    forget(f);
    held -= f.length;
  }
}
