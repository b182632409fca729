import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { JobApiClient, JobApiError, type Job } from '../../src/api.ts';
import { NetworkError } from '../../src/store/errors.ts';
import { blockLang } from '../../src/config/lang.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { loadUploadMessages } from './strings.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { baseStyles } from '../base/base.styles.ts';
import { heading } from '../base/render.ts';
import { checkFile, httpHref, maxSizeMb, type FileProblem } from './file-checks.ts';
import { uploadStyles } from './distribution-file-upload.styles.ts';
import { emit } from '../base/events.ts';
import { LoadController, stringsLoader } from '../base/load-controller.ts';

export type UploadMode = 'add' | 'replace';

/** What the block shows; `state` (and the `catalog-upload-state` event) names it. */
export type UploadPhase =
  | { readonly kind: 'login'; readonly busy: boolean; readonly problem?: Message }
  | { readonly kind: 'ready'; readonly problem?: FileProblem; readonly notice?: string }
  | { readonly kind: 'uploading'; readonly filename: string; readonly sent: number; readonly total: number }
  | { readonly kind: 'waiting'; readonly filename: string; readonly job: Job }
  | { readonly kind: 'success'; readonly filename: string; readonly job: Job }
  | { readonly kind: 'failed'; readonly filename: string; readonly job: Job }
  | { readonly kind: 'rejected'; readonly status: number; readonly message: string };

export type UploadState = UploadPhase['kind'];

/** A UI string by key, rendered in the current language (so a language change re-words it). */
interface Message {
  readonly key: string;
  readonly vars?: Record<string, string | number>;
}

/** `detail` of the `catalog-upload-state` event. */
export interface UploadStateDetail {
  readonly state: UploadState;
  readonly job?: Job;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'catalog-upload-state': CustomEvent<UploadStateDetail>;
  }
}

const REJECTION_KEYS: Readonly<Record<number, string>> = {
  403: 'upload.rejected403',
  404: 'upload.rejected404',
  413: 'upload.rejected413',
  422: 'upload.rejected422',
};

let instances = 0;

/** The server's own words from a JSON error body (`{"error": "…"}`), else the error's message. */
function serverMessage(e: JobApiError): string {
  const body = e.body;
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') return (body as { error: string }).error;
  return e.message;
}

/**
 * Adds a file to a distribution, or replaces one of its files, through the file-upload job API (current API), and
 * follows the job to its end. Flow: a login form (user name, password; the token stays in this element's memory,
 * never in storage or the DOM) → the upload form (add / replace when both URIs are given, the file) → the file is
 * checked before anything is sent (size, name) → upload with a progress bar → the job's state (queue position,
 * processing progress) → SUCCESS with a link to the file, FAILED with the job's error, or the server's refusal —
 * each with a way to start again. Cancel aborts the upload or stops following the job. A polite live region
 * announces each state; focus goes to the status message after submit and to the first field when starting again.
 *
 * @summary Upload form for a distribution's file, with live job status (file-upload job API).
 * @tag distribution-file-upload
 *
 * @attr {string} api-url - Base URL of the job API (`{api_url}`, e.g. `https://example.org/api`). Required.
 * @attr {string} resource-uri - Resource URI of the distribution (add) — or of the file to replace when `file-uri` is not given.
 * @attr {string} file-uri - Resource URI of the file to replace; with a distribution in `resource-uri` the user may choose add or replace.
 * @attr {string} mode - `add` (default) or `replace`: the initial choice.
 * @attr {number} max-size-mb - Largest file accepted, in MB (default 50, the API's default limit); larger files are refused before sending.
 * @attr {number} hl - Heading level of the block's title (default 2).
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 *
 * @event catalog-upload-state - After every change of state; `detail`: `{ state, job? }` (`state`: login, ready, uploading, waiting, success, failed, rejected).
 *
 * @cssprop [--cb-accent=#0b5cad] - Buttons, links, progress bar.
 * @cssprop [--cb-error=#b00020] - Border of error messages.
 * @cssprop [--cb-success=#1b6e34] - Border of the success message.
 */
export class DistributionFileUpload extends LitElement {
  static override properties: PropertyDeclarations = {
    apiUrl: { attribute: 'api-url' },
    resourceUri: { attribute: 'resource-uri' },
    fileUri: { attribute: 'file-uri' },
    mode: { attribute: 'mode' },
    maxSizeMb: { attribute: 'max-size-mb' },
    hl: { attribute: 'hl' },
    langAttr: { attribute: 'lang' },
  };

  declare apiUrl: string | undefined;
  declare resourceUri: string | undefined;
  declare fileUri: string | undefined;
  declare mode: string | undefined;
  declare maxSizeMb: string | undefined;
  declare hl: string | undefined;
  declare langAttr: string | undefined;

  /** Pause between job polls (ms); the API recommends a couple of seconds. */
  pollIntervalMs = 2000;

  /** Makes the API client (hosts and tests may wrap it). */
  createClient: (apiUrl: string) => JobApiClient = (apiUrl) => new JobApiClient({ apiUrl });

  readonly idPrefix = `esbu${++instances}`;
  #phase: UploadPhase = { kind: 'login', busy: false };
  #client: JobApiClient | undefined;
  #user = '';
  #chosenMode: UploadMode | undefined;
  #announcement = '';
  /**
   * The upload and the following of its job, one run at a time: Cancel, logging out (`#stop`) and leaving the page
   * abort it (the job itself may still finish on the server). The steps it shows are the block's own phases; the run ends
   * `ended` whatever the job's outcome (the phase says which), and a stopped run goes back to the form.
   */
  readonly #sending = new LoadController<void, 'ended'>(this, {
    done: () => 'ended',
    failed: (e) => {
      this.#reject(e);
      return 'ended';
    },
    changed: (state) => {
      if (state === 'idle') this.#stopped();
      else if (state === 'ended') void this.#keepFocus();
    },
  });
  readonly #strings = stringsLoader(this, loadUploadMessages);
  #langObserver: MutationObserver | undefined;
  /** The UI language as of the last update (read once per update, not per string). */
  #lang: Lang = 'en';

  override createRenderRoot(): HTMLElement {
    return this;
  }

  /** The current state: login, ready, uploading, waiting, success, failed or rejected. */
  get state(): UploadState {
    return this.#phase.kind;
  }

  /** The text of the live region (what a screen reader was last told). */
  get announcement(): string {
    return this.#announcement;
  }

  get uiLang(): Lang {
    return blockLang(this, readPageConfig(this.ownerDocument));
  }

  /** Add or replace: the user's choice, else the `mode` attribute; replace only when there is a file to replace. */
  get effectiveMode(): UploadMode {
    const mode = this.#chosenMode ?? (this.mode?.trim().toLowerCase() === 'replace' ? 'replace' : 'add');
    return mode === 'add' && !this.#resource() && this.#fileUri() ? 'replace' : mode;
  }

  #resource(): string | undefined {
    return this.resourceUri?.trim() || undefined;
  }

  #fileUri(): string | undefined {
    return this.fileUri?.trim() || undefined;
  }

  /** Where the upload goes: the distribution (add), the file (replace: `file-uri`, else `resource-uri`). */
  #target(mode: UploadMode): string | undefined {
    return mode === 'add' ? this.#resource() : this.#fileUri() ?? this.#resource();
  }

  /** Both URIs known: the user may choose. */
  #bothModes(): boolean {
    return !!this.#resource() && !!this.#fileUri();
  }

  #limitMb(): number {
    return maxSizeMb(this.maxSizeMb);
  }

  #level(): number {
    const n = Number.parseInt(this.hl ?? '', 10);
    return Number.isFinite(n) ? Math.min(6, Math.max(1, n)) : 2;
  }

  #t(key: string, vars?: Record<string, string | number>): string {
    return msg(this.#lang, key, vars);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.ownerDocument, baseStyles);
    adoptStyles(this.ownerDocument, uploadStyles);
    // A change of <html lang> re-renders the block in the new language.
    this.#langObserver = new MutationObserver(() => this.requestUpdate());
    this.#langObserver.observe(this.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'] });
  }

  override disconnectedCallback(): void {
    // (a block taken off the page stops its upload / stops polling: the controller aborts the run)
    super.disconnectedCallback();
    this.#langObserver?.disconnect();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.#lang = this.uiLang;
    this.#strings.load(this.#lang);
  }

  /** Waits for the strings too: a finished update shows words, not keys. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    await this.#strings.settled;
    if (this.isUpdatePending) done = await super.getUpdateComplete();
    return done;
  }

  #setPhase(phase: UploadPhase, announce?: string): void {
    this.#phase = phase;
    if (announce !== undefined) this.#announcement = announce;
    this.requestUpdate();
    const job = 'job' in phase ? phase.job : undefined;
    const detail: UploadStateDetail = job ? { state: phase.kind, job } : { state: phase.kind };
    emit(this, 'catalog-upload-state', detail);
  }

  async #focus(selector: string): Promise<void> {
    await this.updateComplete;
    this.querySelector<HTMLElement>(selector)?.focus();
  }

  // ---- login / logout ------------------------------------------------------------------------------------------

  #onLogin = async (e: SubmitEvent): Promise<void> => {
    e.preventDefault();
    if (this.#phase.kind !== 'login' || this.#phase.busy) return;
    const form = e.currentTarget as HTMLFormElement;
    const user = (form.elements.namedItem('username') as HTMLInputElement).value.trim();
    const password = (form.elements.namedItem('password') as HTMLInputElement).value;
    if (!user || !password) {
      const problem: Message = { key: 'upload.loginMissing' };
      this.#setPhase({ kind: 'login', busy: false, problem }, this.#t(problem.key));
      void this.#focus(user ? `#${this.idPrefix}-password` : `#${this.idPrefix}-user`);
      return;
    }
    const apiUrl = this.apiUrl?.trim();
    if (!apiUrl) return;
    const client = this.createClient(new URL(apiUrl, this.ownerDocument.baseURI).href);
    this.#setPhase({ kind: 'login', busy: true }, this.#t('upload.loggingIn'));
    try {
      const result = await client.login(user, password);
      this.#client = client;
      this.#user = result.user;
      this.#setPhase({ kind: 'ready' }, this.#t('upload.loggedIn', { user: result.user }));
      void this.#focus('[data-first-field]');
    } catch (err) {
      const problem = this.#loginProblem(err);
      this.#setPhase({ kind: 'login', busy: false, problem }, this.#t(problem.key, problem.vars));
      // The password is asked for again; the user name stays.
      await this.updateComplete;
      const field = this.querySelector<HTMLInputElement>(`#${this.idPrefix}-password`);
      if (field) field.value = '';
      void this.#focus(`#${this.idPrefix}-user`);
    }
  };

  #loginProblem(err: unknown): Message {
    if (err instanceof JobApiError) {
      if (err.status === 401) return { key: 'upload.loginWrong' };
      if (err.status === 429) {
        return err.retryAfterS !== undefined ? { key: 'upload.loginLocked', vars: { n: err.retryAfterS } } : { key: 'upload.loginLockedLater' };
      }
      return { key: 'upload.loginFailed', vars: { message: serverMessage(err) } };
    }
    if (err instanceof NetworkError) return { key: 'upload.unreachable' };
    return { key: 'upload.error', vars: { message: err instanceof Error ? err.message : String(err) } };
  }

  #onLogout = async (): Promise<void> => {
    await this.#endSession();
    this.#setPhase({ kind: 'login', busy: false }, this.#t('upload.loggedOut'));
    void this.#focus(`#${this.idPrefix}-user`);
  };

  /** Forgets the session here and ends it on the server (so a token never outlives its use). */
  async #endSession(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    this.#user = '';
    this.#stop();
    try {
      await client?.logout();
    } catch (e) {
      // The token is forgotten here either way; a server that cannot be reached keeps it until it expires.
      console.warn('[catalog-blocks] logout failed', e);
    }
  }

  // ---- upload and job ------------------------------------------------------------------------------------------

  #onMode = (e: Event): void => {
    const value = (e.target as HTMLInputElement).value;
    this.#chosenMode = value === 'replace' ? 'replace' : 'add';
    this.requestUpdate();
  };

  #onSubmit = (e: SubmitEvent): void => {
    e.preventDefault();
    const client = this.#client;
    if (this.#phase.kind !== 'ready' || !client) return;
    const input = this.querySelector<HTMLInputElement>(`#${this.idPrefix}-file`);
    const file = input?.files?.[0];
    const problem = checkFile(file, this.#limitMb());
    const mode = this.effectiveMode;
    const target = this.#target(mode);
    if (problem || !file || !target) {
      // Nothing is sent: the server would refuse the file after the whole upload.
      if (problem) this.#setPhase({ kind: 'ready', problem }, this.#t(problem.key, problem.vars));
      void this.#focus(`#${this.idPrefix}-file`);
      return;
    }
    this.#setPhase({ kind: 'uploading', filename: file.name, sent: 0, total: file.size }, this.#t('upload.uploading', { name: file.name }));
    void this.#focus(`#${this.idPrefix}-status`);
    this.#sending.run(file.name, (signal) => this.#send(client, file, mode, target, signal), true);
  };

  /** Sends `file` and follows its job to SUCCESS or FAILED; a refusal or error rejects (`#reject` words it). */
  async #send(client: JobApiClient, file: File, mode: UploadMode, target: string, signal: AbortSignal): Promise<void> {
    const filename = file.name;
    const options = {
      signal,
      onUploadProgress: (sent: number, total: number) => {
        if (!signal.aborted) this.#setProgress(filename, sent, total);
      },
    };
    const accepted = mode === 'add' ? await client.addFile(target, file, options) : await client.replaceFile(target, file, options);
    if (signal.aborted) return;
    this.#showJob(filename, { jobId: accepted.jobId, status: 'PENDING' });
    const job = await client.waitForJob(accepted.jobId, {
      signal,
      intervalMs: this.pollIntervalMs,
      onProgress: (j) => {
        if (!signal.aborted && j.status !== 'SUCCESS' && j.status !== 'FAILED') this.#showJob(filename, j);
      },
    });
    if (signal.aborted) return;
    if (job.status === 'SUCCESS') {
      const key = mode === 'add' ? 'upload.successAdd' : 'upload.successReplace';
      this.#setPhase({ kind: 'success', filename, job }, this.#t(key));
    } else {
      this.#setPhase({ kind: 'failed', filename, job }, `${this.#t('upload.failed')} ${job.error ?? ''}`.trim());
    }
  }

  /** The run was stopped (Cancel, leaving the page): back to the form, saying how far it got — unless logged out. */
  #stopped(): void {
    if (!this.#client) return;
    const p = this.#phase;
    const notice = p.kind === 'waiting' ? this.#t('upload.stopped', { id: p.job.jobId }) : this.#t('upload.cancelled');
    this.#setPhase({ kind: 'ready', notice }, notice);
    void this.#focus('[data-first-field]');
  }

  /** The Cancel button that may have had focus is gone: keep focus on the status message. */
  async #keepFocus(): Promise<void> {
    await this.updateComplete;
    const active = this.ownerDocument.activeElement;
    if (!active || active === this.ownerDocument.body || !this.contains(active)) void this.#focus(`#${this.idPrefix}-status`);
  }

  #setProgress(filename: string, sent: number, total: number): void {
    const p = this.#phase;
    if (p.kind !== 'uploading') return;
    this.#phase = { kind: 'uploading', filename, sent, total };
    this.requestUpdate();
  }

  /** PENDING / PROCESSING: announced when the state or the queue position changes (not on every percent). */
  #showJob(filename: string, job: Job): void {
    const before = this.#phase.kind === 'waiting' ? this.#phase.job : undefined;
    const changed = !before || before.status !== job.status || before.queuePosition !== job.queuePosition;
    const text = this.#jobText(job);
    if (changed) this.#setPhase({ kind: 'waiting', filename, job }, text);
    else {
      this.#phase = { kind: 'waiting', filename, job };
      this.requestUpdate();
    }
  }

  #jobText(job: Job): string {
    if (job.status === 'PROCESSING') return this.#t('upload.processing');
    return job.queuePosition !== undefined ? this.#t('upload.pending', { n: job.queuePosition }) : this.#t('upload.pendingQueued');
  }

  #reject(err: unknown): void {
    if (err instanceof JobApiError) {
      const message = serverMessage(err);
      const headline = this.#t(REJECTION_KEYS[err.status] ?? 'upload.rejected');
      this.#setPhase({ kind: 'rejected', status: err.status, message }, `${headline} ${message}`);
      return;
    }
    const message = err instanceof NetworkError ? this.#t('upload.unreachable') : this.#t('upload.error', { message: err instanceof Error ? err.message : String(err) });
    this.#setPhase({ kind: 'rejected', status: 0, message }, message);
  }

  #onCancel = (): void => {
    this.#stop();
  };

  /** Cancel, logout: settling the run to idle aborts it (its outcome is ignored; `#stopped` says so when logged in). */
  #stop(): void {
    if (this.#sending.state === 'loading') this.#sending.settle('', 'idle');
  }

  /** "Upload another file" / "Try again": back to the form, focus on its first field. */
  #onAgain = (): void => {
    this.#setPhase({ kind: 'ready' }, '');
    void this.#focus('[data-first-field]');
  };

  /** After a 403 (session ended, or this user may not write here): end the session, log in again (maybe as another user). */
  #onLoginAgain = async (): Promise<void> => {
    await this.#endSession();
    this.#setPhase({ kind: 'login', busy: false }, '');
    void this.#focus(`#${this.idPrefix}-user`);
  };

  // ---- rendering -----------------------------------------------------------------------------------------------

  override render(): TemplateResult {
    const lang = this.#lang;
    if (this.#strings.state !== 'ready') {
      return html`<div class="esbBlock esbUpload" lang=${lang}>
        <div class="esbState esbLoading" aria-busy="true"><span class="esbSpinner" aria-hidden="true"></span>
          <span>${msg(lang, 'state.loading')}</span></div>
      </div>`;
    }
    const titleId = `${this.idPrefix}-title`;
    return html`<section class="esbBlock esbUpload" lang=${lang} aria-labelledby=${titleId}>
      ${heading(this.#level(), this.#t('upload.title'), { id: titleId, cls: 'esbUploadTitle' })}
      ${this.#body()}
      <p class="esbVisuallyHidden esbUploadLive" role="status" aria-live="polite">${this.#announcement}</p>
    </section>`;
  }

  #body(): TemplateResult {
    if (!this.apiUrl?.trim()) return html`<p class="esbState esbError esbUploadConfig">${this.#t('upload.noApi')}</p>`;
    if (!this.#target('add') && !this.#target('replace')) {
      return html`<p class="esbState esbError esbUploadConfig">${this.#t('upload.noTarget')}</p>`;
    }
    const p = this.#phase;
    switch (p.kind) {
      case 'login':
        return this.#loginForm(p.busy, p.problem);
      case 'ready':
        return this.#uploadForm(p.problem, p.notice);
      default:
        return this.#status(p);
    }
  }

  #loginForm(busy: boolean, problem: Message | undefined): TemplateResult {
    const id = this.idPrefix;
    const describedBy = problem ? `${id}-login-problem` : undefined;
    return html`<form class="esbUploadLogin" novalidate @submit=${this.#onLogin} aria-busy=${busy ? 'true' : 'false'}>
      <p class="esbUploadIntro">${this.#t('upload.loginIntro')}</p>
      ${problem ? html`<p class="esbState esbError esbUploadProblem" id="${id}-login-problem">${this.#t(problem.key, problem.vars)}</p>` : nothing}
      <div class="esbField">
        <label for="${id}-user">${this.#t('upload.user')}</label>
        <input id="${id}-user" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false"
          aria-describedby=${ifDefined(describedBy)} aria-invalid=${problem ? 'true' : 'false'}>
      </div>
      <div class="esbField">
        <label for="${id}-password">${this.#t('upload.password')}</label>
        <input id="${id}-password" name="password" type="password" autocomplete="current-password"
          aria-describedby=${ifDefined(describedBy)} aria-invalid=${problem ? 'true' : 'false'}>
      </div>
      <button type="submit" class="esbBtn esbBtnPrimary esbUploadLoginButton">${busy ? this.#t('upload.loggingIn') : this.#t('upload.login')}</button>
    </form>`;
  }

  #uploadForm(problem: FileProblem | undefined, notice: string | undefined): TemplateResult {
    const id = this.idPrefix;
    const mode = this.effectiveMode;
    const both = this.#bothModes();
    const describedBy = [`${id}-file-hint`, problem ? `${id}-file-problem` : ''].filter(Boolean).join(' ');
    return html`${this.#session()}
      ${notice ? html`<p class="esbState esbUploadNotice">${notice}</p>` : nothing}
      <form class="esbUploadForm" novalidate @submit=${this.#onSubmit}>
        ${both
          ? html`<fieldset class="esbUploadModes">
              <legend>${this.#t('upload.modeLegend')}</legend>
              <div class="esbChoice">
                <input type="radio" id="${id}-mode-add" name="mode" value="add" .checked=${mode === 'add'} @change=${this.#onMode}
                  ?data-first-field=${mode === 'add'}>
                <label for="${id}-mode-add">${this.#t('upload.modeAdd')}</label>
              </div>
              <div class="esbChoice">
                <input type="radio" id="${id}-mode-replace" name="mode" value="replace" .checked=${mode === 'replace'} @change=${this.#onMode}
                  ?data-first-field=${mode === 'replace'}>
                <label for="${id}-mode-replace">${this.#t('upload.modeReplace')}</label>
              </div>
            </fieldset>`
          : nothing}
        <div class="esbField">
          <label for="${id}-file">${this.#t('upload.file')}</label>
          <p class="esbHint" id="${id}-file-hint">${this.#t('upload.fileHint', { max: this.#limitMb() })}</p>
          <input type="file" id="${id}-file" name="file" ?data-first-field=${!both} aria-describedby=${describedBy}
            aria-invalid=${problem ? 'true' : 'false'}>
          ${problem ? html`<p class="esbState esbError esbUploadProblem" id="${id}-file-problem">${this.#t(problem.key, problem.vars)}</p>` : nothing}
        </div>
        <button type="submit" class="esbBtn esbBtnPrimary esbUploadSubmit">${this.#t(mode === 'add' ? 'upload.submitAdd' : 'upload.submitReplace')}</button>
      </form>`;
  }

  #session(): TemplateResult {
    return html`<div class="esbUploadSession">
      <span>${this.#t('upload.loggedIn', { user: this.#user })}</span>
      <button type="button" class="esbBtn esbBtnSecondary esbUploadLogout" @click=${this.#onLogout}>${this.#t('upload.logout')}</button>
    </div>`;
  }

  #status(p: Exclude<UploadPhase, { kind: 'login' | 'ready' }>): TemplateResult {
    const id = this.idPrefix;
    const cls = p.kind === 'failed' || p.kind === 'rejected' ? 'esbError' : p.kind === 'success' ? 'esbSuccess' : '';
    const running = p.kind === 'uploading' || p.kind === 'waiting';
    return html`${running ? nothing : this.#session()}
      <div class="esbState esbUploadStatus esbUploadStatus--${p.kind} ${cls}" id="${id}-status" tabindex="-1">
        <div class="esbUploadStatusBody">${this.#statusBody(p)}</div>
        <div class="esbUploadActions">${this.#actions(p)}</div>
      </div>`;
  }

  #statusBody(p: Exclude<UploadPhase, { kind: 'login' | 'ready' }>): TemplateResult {
    const id = this.idPrefix;
    switch (p.kind) {
      case 'uploading': {
        const percent = p.total > 0 ? Math.min(100, Math.floor((p.sent / p.total) * 100)) : 0;
        return html`<p class="esbUploadMessage">${this.#t('upload.uploading', { name: p.filename })}</p>
          <label for="${id}-progress">${this.#t('upload.uploadProgress')}</label>
          <progress id="${id}-progress" class="esbUploadProgress" max="100" value=${percent}></progress>
          <span class="esbUploadPercent">${this.#t('upload.sent', { percent })}</span>`;
      }
      case 'waiting': {
        const job = p.job;
        const processing = job.status === 'PROCESSING';
        return html`<p class="esbUploadMessage">${this.#jobText(job)}</p>
          ${processing && job.progress !== undefined
            ? html`<label for="${id}-progress">${this.#t('upload.processingProgress')}</label>
                <progress id="${id}-progress" class="esbUploadProgress" max="100" value=${job.progress}></progress>
                <span class="esbUploadPercent">${this.#t('upload.processed', { percent: job.progress })}</span>`
            : nothing}
          <p class="esbUploadJobId">${this.#t('upload.job', { id: job.jobId })}</p>`;
      }
      case 'success': {
        const href = httpHref(p.job.resultUrl);
        const key = this.#modeOfJob(p.job) === 'add' ? 'upload.successAdd' : 'upload.successReplace';
        return html`<p class="esbUploadMessage"><span class="esbUploadIcon" aria-hidden="true">✓</span> ${this.#t(key)}</p>
          ${href
            ? html`<p><a class="esbUploadResult" href=${href}>${this.#t('upload.resultLink', { name: p.filename })}</a></p>`
            : p.job.resultUrl
              ? html`<p>${this.#t('upload.resultAt')} <code class="esbUploadResultText">${p.job.resultUrl}</code></p>`
              : nothing}
          <p class="esbUploadJobId">${this.#t('upload.job', { id: p.job.jobId })}</p>`;
      }
      case 'failed':
        return html`<p class="esbUploadMessage"><span class="esbUploadIcon" aria-hidden="true">✗</span> ${this.#t('upload.failed')}</p>
          <p>${this.#t('upload.failedReason')} <span class="esbUploadError">${p.job.error ?? ''}</span></p>
          <p class="esbUploadJobId">${this.#t('upload.job', { id: p.job.jobId })}</p>`;
      case 'rejected':
        return p.status === 0
          ? html`<p class="esbUploadMessage"><span class="esbUploadIcon" aria-hidden="true">✗</span> ${p.message}</p>`
          : html`<p class="esbUploadMessage"><span class="esbUploadIcon" aria-hidden="true">✗</span> ${this.#t(REJECTION_KEYS[p.status] ?? 'upload.rejected')}</p>
              <p>${this.#t('upload.serverSays')} <span class="esbUploadError">${p.message}</span></p>`;
    }
  }

  /** The job's own type when it tells (REPLACE), else the mode the form was in. */
  #modeOfJob(job: Job): UploadMode {
    if (job.jobType === 'REPLACE') return 'replace';
    if (job.jobType === 'ADD') return 'add';
    return this.effectiveMode;
  }

  #actions(p: Exclude<UploadPhase, { kind: 'login' | 'ready' }>): TemplateResult {
    switch (p.kind) {
      case 'uploading':
      case 'waiting':
        return html`<button type="button" class="esbBtn esbBtnSecondary esbUploadCancel" @click=${this.#onCancel}>${this.#t('upload.cancel')}</button>`;
      case 'success':
        return html`<button type="button" class="esbBtn esbBtnPrimary esbUploadAgain" @click=${this.#onAgain}>${this.#t('upload.again')}</button>`;
      case 'failed':
        return html`<button type="button" class="esbBtn esbBtnPrimary esbUploadAgain" @click=${this.#onAgain}>${this.#t('upload.retry')}</button>`;
      case 'rejected':
        return p.status === 403
          ? html`<button type="button" class="esbBtn esbBtnPrimary esbUploadAgain" @click=${this.#onLoginAgain}>${this.#t('upload.loginAgain')}</button>`
          : html`<button type="button" class="esbBtn esbBtnPrimary esbUploadAgain" @click=${this.#onAgain}>${this.#t('upload.retry')}</button>`;
    }
  }
}
