/** Types of the file-upload job API clients (contract CONTRACTS-4 §3). Job ids are exact decimal strings. */

/** Decimal string, exact: current-API ids are random 63-bit integers, beyond what a JS number holds (2^53). */
export type JobId = string;
export type JobStatus = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'FAILED';

/** A job record of the current API (`GET {api}/job/{jobId}`). */
export interface Job {
  jobId: JobId;
  status: JobStatus;
  jobType?: string;
  resourceURI?: string;
  filename?: string;
  user?: string;
  received?: string;
  terminated?: string;
  resultUrl?: string;
  error?: string;
  /** Only while PENDING: 1 = next to run. */
  queuePosition?: number;
  /** Only while PROCESSING: percent 0–100. */
  progress?: number;
}

/** The 202 answer to an accepted upload. */
export interface AcceptedJob {
  jobId: JobId;
  status: 'PENDING';
  message: string;
}

/**
 * What an upload sends: a Blob/File (browser, or `fileFromPath` in Node: disk-backed), or a stream of known size
 * (the size is needed up front for Content-Length; the stream is read once).
 */
export type UploadSource = Blob | { stream: ReadableStream<Uint8Array>; size: number; name: string; type?: string };

export interface UploadOptions {
  /** Name sent in the multipart Content-Disposition; default: the File's/source's name. */
  filename?: string;
  signal?: AbortSignal;
  /** Called as body bytes go out; the last call has sent === total (total = the whole multipart body). */
  onUploadProgress?: (sent: number, total: number) => void;
}

export interface WaitOptions {
  /** Pause between polls; default 2000 (the spec recommends polling every couple of seconds). */
  intervalMs?: number;
  /** Give up after this long with JobWaitTimeoutError; default: wait as long as the job runs. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with the record of every poll (state, queuePosition, progress). */
  onProgress?: (job: Job) => void;
}

export interface RequestSignal {
  signal?: AbortSignal;
}

export type LegacyJobStatus = 'Pending' | 'Processing' | 'Success' | 'Failed' | 'Not found';

export interface LegacyJob {
  jobId: string;
  status: LegacyJobStatus;
  [k: string]: unknown;
}

export interface NormalisedLegacyJob {
  jobId: string;
  status: JobStatus | 'NOT_FOUND';
  [k: string]: unknown;
}
