/** The job service contract between the upload routes (HTTP helper) and the job engine (CONTRACTS-4 §2). */
export type JobState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'FAILED';
export type JobType = 'ADD' | 'REPLACE';

export interface JobRecord {
  /** Decimal string, exact (current API: random 63-bit; legacy: sequential small). */
  readonly jobId: string;
  readonly api: 'current' | 'legacy';
  readonly jobType: JobType;
  readonly resourceURI: string;
  readonly filename: string;
  readonly user: string;
  /** ISO 8601 UTC. */
  readonly received: string;
  status: JobState;
  /** Only while PENDING: 1 = next to run. */
  queuePosition?: number;
  /** Only while PROCESSING: percent 0–100. */
  progress?: number;
  terminated?: string;
  resultUrl?: string;
  error?: string;
  /** Legacy add: the file resource URI the add will create. */
  prototypeURI?: string;
}

/** An upload streamed to `uploadTempDir(dataDir)` and fsynced by the HTTP layer. */
export interface UploadedFile {
  readonly path: string;
  readonly filename: string;
  readonly size: number;
  readonly mime: string;
}

export interface JobService {
  /** Persists the record (PENDING) and queues it; the upload file is moved into the data dir. */
  submit(req: { api: 'current' | 'legacy'; jobType: JobType; resourceURI: string; user: string; upload: UploadedFile }): Promise<JobRecord>;
  /** A snapshot; undefined when unknown or past retention. */
  get(jobId: string): JobRecord | undefined;
  /** Resolves when the queue is empty (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}
