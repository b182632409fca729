/**
 * `catalog-blocks-mcp`: an MCP server on stdio that lets an AI assistant add or replace a distribution's file in a
 * live catalog and follow the job (current upload job API). Credentials come from the environment like the CLI's
 * (CATALOG_API_URL + CATALOG_API_TOKEN, or CATALOG_API_USER + CATALOG_API_PASSWORD); no tool result ever holds a
 * token. Also offers the `migrate-from-taskrunner` skill as a prompt and as a resource.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import type { AcceptedJob, Job, JobApiClient } from '../../src/api.ts';
import { fileFromPath } from '../index.ts';
import { UsageError, describeError, httpStatus } from './errors.ts';
import { SKILL_NAME, packageVersion, readSkill, skillDescription } from './package-files.ts';
import { jobStateText } from './progress.ts';
import { ENV, openSession, pollIntervalMs, settingsFrom } from './session.ts';
import type { Session } from './session.ts';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** One session for the server's life; re-opened once when a self-made login has expired. */
let session: Session | undefined;
async function withClient<T>(work: (client: JobApiClient) => Promise<T>): Promise<T> {
  const settings = settingsFrom(undefined, process.env, 'mcp');
  session ??= await openSession(settings);
  try {
    return await work(session.client);
  } catch (e) {
    if (httpStatus(e) !== 403 || !session.ownsToken) throw e;
    session = await openSession(settings);
    return work(session.client);
  }
}

const text = (t: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) });

/** Job ids are strings in every result: a 64-bit id loses digits as a JSON number. */
function jobResult(job: Job): CallToolResult {
  const headline = job.status === 'SUCCESS'
    ? `Job ${job.jobId} SUCCESS: the file is stored at ${job.resultUrl ?? '(no resultUrl)'}`
    : job.status === 'FAILED'
      ? `Job ${job.jobId} FAILED: ${job.error ?? '(no error text)'} (nothing was changed in the catalog by this job)`
      : `Job ${job.jobId} is ${jobStateText(job)}; ask getJobStatus again in a few seconds.`;
  return text(`${headline}\n${JSON.stringify(job, null, 2)}`, job.status === 'FAILED');
}

function acceptedResult(accepted: AcceptedJob): CallToolResult {
  return text(`Upload accepted; job ${accepted.jobId} is ${accepted.status} (${accepted.message}). `
    + `Follow it with getJobStatus {"jobId": "${accepted.jobId}"}.\n${JSON.stringify(accepted, null, 2)}`);
}

/** HTTP status and the server's message; never headers or credentials. */
function errorResult(e: unknown): CallToolResult {
  if (e instanceof UsageError) return text(`Not configured: ${e.message}`, true);
  const hint = httpStatus(e) === 403 && process.env[ENV.token]
    ? ' (the token configured in CATALOG_API_TOKEN may have expired, or the user may not write there)'
    : '';
  return text(`${describeError(e)}${hint}`, true);
}

/**
 * Polls to the end, telling a client that asked for progress (progressToken) how far the job is. A login of
 * our own that expires during a long PROCESSING is renewed and the wait goes on (not again and again when a
 * fresh session is refused at once).
 */
async function waitFor(jobId: string, extra: Extra): Promise<Job> {
  const token = extra._meta?.progressToken;
  let last = -1;
  let polled = true;
  const onProgress = (job: Job): void => {
    polled = true;
    const value = job.status === 'PROCESSING' ? Math.max(1, job.progress ?? 1) : job.status === 'PENDING' ? 0 : 100;
    if (token === undefined || value <= last) return;
    last = value;
    void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: value, total: 100, message: `Job ${jobId}: ${jobStateText(job)}` } });
  };
  for (;;) {
    try {
      return await withClient((client) => client.waitForJob(jobId, { intervalMs: pollIntervalMs(process.env), signal: extra.signal, onProgress }));
    } catch (e) {
      if (httpStatus(e) !== 403 || !session?.ownsToken || !polled) throw e;
      polled = false;
      session = undefined;
    }
  }
}

async function uploadTool(mode: 'add' | 'replace', uri: string, filePath: string, wait: boolean | undefined, extra: Extra): Promise<CallToolResult> {
  try {
    let file: Blob & { name: string };
    try {
      file = await fileFromPath(filePath);
    } catch (e) {
      return text(`Cannot read the file ${filePath}: ${(e as { code?: string }).code ?? (e as Error).message}`, true);
    }
    const accepted = await withClient((client) => (mode === 'add'
      ? client.addFile(uri, file, { signal: extra.signal })
      : client.replaceFile(uri, file, { signal: extra.signal })));
    if (!wait) return acceptedResult(accepted);
    // a separate step: an expired own login during the wait renews the session and waits again, never re-uploads
    return jobResult(await waitFor(accepted.jobId, extra));
  } catch (e) {
    return errorResult(e);
  }
}

const CREDENTIALS = 'Uses the credentials configured for this server (CATALOG_API_URL and CATALOG_API_TOKEN, or CATALOG_API_USER + CATALOG_API_PASSWORD).';
const WAIT = 'wait: true polls the job every couple of seconds until it ends and returns the final job record (SUCCESS with resultUrl, or FAILED with error); default false returns at once with the job id.';
const JOB_ID = z.string().regex(/^\d{1,19}$/, 'a decimal job id').describe('The job id as a decimal string (64-bit: pass it as a string, never a number)');
const FILE_PATH = z.string().min(1).describe('Path of a local file on the machine running this server (absolute, or relative to its working directory); its name becomes the filename in the catalog');
const WAIT_ARG = z.boolean().optional().describe('Wait until the job has ended (default false)');

export function createServer(): McpServer {
  const server = new McpServer({ name: 'catalog-blocks-mcp', version: packageVersion() });

  server.registerTool('addFileToDistribution', {
    title: 'Add a file to a distribution (live catalog)',
    description: 'Uploads a local file and ADDS it to a distribution in the live data catalog. Starts a server-side job; '
      + 'when it succeeds a new file entry is published, linked from the distribution, the distribution\'s modification date '
      + 'is updated, and a connected API distribution (if any) gets the file\'s rows appended (such distributions accept only CSV). '
      + `Rejected at once with HTTP 422 if distributionUri names a file instead of a distribution, 404 if it names nothing, 413 if the file is too large, 403 without write access. ${WAIT} `
      + `The resultUrl of a successful job is the new file's URI, to use with replaceFileInDistribution later. ${CREDENTIALS}`,
    inputSchema: {
      distributionUri: z.string().url().describe('Resource URI of the distribution, e.g. https://catalog.example.org/store/1/resource/42'),
      filePath: FILE_PATH,
      wait: WAIT_ARG,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  }, ({ distributionUri, filePath, wait }, extra) => uploadTool('add', distributionUri, filePath, wait, extra));

  server.registerTool('replaceFileInDistribution', {
    title: 'Replace a file in a distribution (live catalog)',
    description: 'Uploads a local file and REPLACES the content of an existing file entry in the live data catalog (the old content is overwritten). '
      + 'Starts a server-side job; when it succeeds the published file changes and a connected API distribution (if any) is rebuilt from all files of the distribution '
      + '(such distributions accept only CSV). fileUri is the file entry\'s resource URI (the resultUrl of an earlier add), not the distribution\'s: '
      + `a distribution URI is rejected with HTTP 422, an unknown URI with 404. ${WAIT} ${CREDENTIALS}`,
    inputSchema: {
      fileUri: z.string().url().describe('Resource URI of the file entry to replace, e.g. https://catalog.example.org/store/1/resource/43'),
      filePath: FILE_PATH,
      wait: WAIT_ARG,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  }, ({ fileUri, filePath, wait }, extra) => uploadTool('replace', fileUri, filePath, wait, extra));

  server.registerTool('getJobStatus', {
    title: 'Get the status of an upload job',
    description: 'Read-only: returns the current record of an upload job started by addFileToDistribution or replaceFileInDistribution: '
      + 'status PENDING (with queuePosition), PROCESSING (with progress in percent; can last long while a connected API distribution is rebuilt), '
      + 'SUCCESS (with resultUrl, the file\'s resource URI) or FAILED (with error). HTTP 404 when the job is unknown, '
      + `belongs to another user, or ended more than the retention time (24 h by default) ago. Changes nothing. ${CREDENTIALS}`,
    inputSchema: { jobId: JOB_ID },
    annotations: { readOnlyHint: true, openWorldHint: true },
  }, async ({ jobId }) => {
    try {
      return jobResult(await withClient((client) => client.getJob(jobId)));
    } catch (e) {
      return errorResult(e);
    }
  });

  const skill = readSkill();
  const description = skillDescription(skill);
  server.registerPrompt(SKILL_NAME, {
    title: 'Migrate a script from taskrunner/v1 to the current API',
    description,
    argsSchema: { script: z.string().optional().describe('The script (shell or TypeScript) to migrate; optional') },
  }, ({ script }) => ({
    description,
    messages: [{
      role: 'user',
      content: { type: 'text', text: script ? `${skill}\n\n---\n\nMigrate this script following the skill above:\n\n\`\`\`\n${script}\n\`\`\`\n` : skill },
    }],
  }));
  server.registerResource(`${SKILL_NAME}-skill`, `skill://${SKILL_NAME}/SKILL.md`, {
    title: `${SKILL_NAME} skill`,
    description,
    mimeType: 'text/markdown',
  }, (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: skill }] }));

  return server;
}

const server = createServer();
await server.connect(new StdioServerTransport());
