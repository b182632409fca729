/**
 * What the user sees on stderr while an upload runs and a job is followed. On a terminal: cli-progress bars.
 * Piped or redirected: one plain line per change of state (no carriage-return noise in logs). With --json:
 * nothing, so stdout and stderr stay clean for tools.
 */
import cliProgress from 'cli-progress';
import type { Job } from '../../src/api.ts';

export interface ProgressView {
  uploadStarted(filename: string, total: number): void;
  uploadProgress(sent: number, total: number): void;
  uploadDone(): void;
  jobUpdate(job: Job): void;
  /** Removes a bar that is still drawing (call before printing the result or an error). */
  stop(): void;
}

const MB = 1024 * 1024;
const size = (n: number): string => (n >= MB ? `${(n / MB).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

/** One-line summary of where a job is. */
export function jobStateText(job: Job): string {
  switch (job.status) {
    case 'PENDING': return job.queuePosition !== undefined ? `PENDING (queue position ${job.queuePosition})` : 'PENDING';
    case 'PROCESSING': return job.progress !== undefined ? `PROCESSING ${job.progress}%` : 'PROCESSING';
    default: return job.status;
  }
}

const silent: ProgressView = {
  uploadStarted() {}, uploadProgress() {}, uploadDone() {}, jobUpdate() {}, stop() {},
};

function lines(stream: NodeJS.WritableStream): ProgressView {
  let last = '';
  return {
    uploadStarted: (filename, total) => stream.write(`Uploading ${filename} (${size(total)})…\n`),
    uploadProgress() {},
    uploadDone: () => stream.write('Upload complete; waiting for the server to accept it…\n'),
    jobUpdate(job) {
      // a state line once per state (PROCESSING percentages would flood a log)
      if (job.status === last) return;
      last = job.status;
      stream.write(`Job ${job.jobId}: ${jobStateText(job)}\n`);
    },
    stop() {},
  };
}

function bars(stream: NodeJS.WritableStream): ProgressView {
  let bar: cliProgress.SingleBar | undefined;
  const stop = (): void => {
    bar?.stop();
    bar = undefined;
  };
  const start = (format: string, total: number, payload: Record<string, string>): cliProgress.SingleBar => {
    stop();
    const b = new cliProgress.SingleBar({ format, stream, hideCursor: true, clearOnComplete: false, fps: 10 }, cliProgress.Presets.shades_classic);
    b.start(total, 0, payload);
    bar = b;
    return b;
  };
  let jobBar = false;
  let fileSize = 0;
  return {
    uploadStarted(filename, total) {
      fileSize = total;
      start('Uploading {name} |{bar}| {percentage}% {done}/{size}', Math.max(total, 1), { name: filename, done: size(0), size: size(total) });
    },
    uploadProgress(sent, total) {
      // `total` is the whole multipart body (a few hundred bytes more than the file): the bar follows the body,
      // the numbers speak of the file
      if (!bar) return;
      if (bar.getTotal() !== total && total > 0) bar.setTotal(total);
      bar.update(Math.min(sent, Math.max(total, 1)), { done: size(Math.min(sent, fileSize)) });
    },
    uploadDone: stop,
    jobUpdate(job) {
      if (!jobBar) {
        start('Job {id} |{bar}| {state}', 100, { id: job.jobId, state: jobStateText(job) });
        jobBar = true;
      }
      const value = job.status === 'SUCCESS' || job.status === 'FAILED' ? 100 : job.status === 'PROCESSING' ? (job.progress ?? 0) : 0;
      bar?.update(value, { state: jobStateText(job) });
    },
    stop,
  };
}

export function progressView(opts: { json: boolean; stream?: NodeJS.WriteStream }): ProgressView {
  const stream = opts.stream ?? process.stderr;
  if (opts.json) return silent;
  return stream.isTTY ? bars(stream) : lines(stream);
}
