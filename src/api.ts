/**
 * `catalog-blocks/api`: the programmatic side, usable without any custom element, in browsers and Node 20: the
 * metadata store client (EntryStore adapter, shared per-URL registry, typed errors) and the file-upload job API
 * clients (JobApiClient; the deprecated TaskRunnerClient). Node-only file sources: `catalog-blocks/node`.
 * The OpenAPI 3.1 description of the job API: `catalog-blocks/openapi.json`.
 */
export { EntryStoreClient } from './store/entrystore.ts';
export { storeFor, setStoreFactory } from './store/registry.ts';
export {
  StoreError, NetworkError, HttpStatusError, NotFoundError, BadPayloadError, AbortError, isAbort,
} from './store/errors.ts';
export type {
  CatalogStore, EntryRef, StoreEntry, SearchRequest, SearchResult, FacetField, FacetValue, RequestOptions,
} from './store/types.ts';

// File-upload job API (current: JobApiClient; legacy, deprecated: TaskRunnerClient). Node file helpers: `catalog-blocks/node`.
export { JobApiClient, DEFAULT_POLL_INTERVAL_MS, isTerminal } from './api/job-api-client.ts';
export type { JobApiClientOptions, LoginResult } from './api/job-api-client.ts';
export { TaskRunnerClient, normaliseLegacyStatus, authTokenFromSetCookie } from './api/task-runner-client.ts';
export type { TaskRunnerClientOptions } from './api/task-runner-client.ts';
export { JobApiError, JobWaitTimeoutError } from './api/errors.ts';
export { parseJsonKeepingIds, quoteIdNumbers } from './api/json.ts';
export type {
  JobId, JobStatus, Job, AcceptedJob, UploadSource, UploadOptions, WaitOptions, RequestSignal, LegacyJobStatus, LegacyJob,
  NormalisedLegacyJob,
} from './api/types.ts';
export { filenameProblem, MAX_FILENAME_CHARS, type FilenameProblem } from './api/filename.ts';
