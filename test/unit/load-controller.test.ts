/**
 * LoadController (blocks/base/load-controller.ts), the one loading controller of issue 24.6, on a bare host: what the
 * upload block's Cancel (`settle(…, 'idle')`) and the export's disconnect rely on — the current run stops, its signal
 * aborts, its late outcome (value or failure) is ignored, the host hears `idle` — and a run after it works as before.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ReactiveController } from 'lit';
import { LoadController } from '../../blocks/base/load-controller.ts';

class Host extends EventTarget {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  addController(c: ReactiveController): void {
    this.controllers.push(c);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates++;
  }
  readonly updateComplete = Promise.resolve(true);
}

/** A controller whose states are 'sent' / 'broken'; `heard` is every state the host was told of. */
function controller(): { host: Host; loader: LoadController<string, 'sent' | 'broken'>; heard: string[] } {
  const host = new Host();
  const heard: string[] = [];
  const loader = new LoadController<string, 'sent' | 'broken'>(host, {
    done: () => 'sent',
    failed: () => 'broken',
    changed: (state) => heard.push(state),
  });
  return { host, loader, heard };
}

/** A task that waits for `release` and records its signal. */
function held(): { task: (signal: AbortSignal) => Promise<string>; signal: () => AbortSignal | undefined; release: (v: string) => void } {
  let signal: AbortSignal | undefined;
  let release!: (v: string) => void;
  const gate = new Promise<string>((r) => (release = r));
  return { task: (s) => ((signal = s), gate), signal: () => signal, release };
}

describe('LoadController: stopping a run (issue 24.6: Cancel and leaving through the one controller)', () => {
  it("settle(…, 'idle') stops the current run: its signal aborts, the state is idle at once, its late value is ignored", async () => {
    const { loader, heard } = controller();
    const run = held();
    loader.run('file.csv', run.task, true);
    await Promise.resolve();
    assert.equal(loader.state, 'loading');
    loader.settle('', 'idle');
    assert.equal(run.signal()?.aborted, true);
    assert.equal(loader.state, 'idle');
    run.release('too late');
    assert.equal(await loader.done(), 'idle');
    assert.equal(loader.value, undefined);
    assert.deepEqual(heard, ['loading', 'idle']);
  });

  it('a failure after the stop is not reported either', async () => {
    const { loader, heard } = controller();
    let fail!: (e: Error) => void;
    loader.run('k', () => new Promise<string>((_r, reject) => (fail = reject)));
    await Promise.resolve();
    loader.settle('', 'idle');
    fail(new Error('network'));
    assert.equal(await loader.done(), 'idle');
    assert.deepEqual(heard, ['loading', 'idle']);
  });

  it('a run after a stop runs to its end (the same key included)', async () => {
    const { loader } = controller();
    const first = held();
    loader.run('k', first.task);
    loader.settle('', 'idle');
    loader.run('k', async () => 'second');
    assert.equal(await loader.done(), 'sent');
    assert.equal(loader.value, 'second');
    first.release('first');
    await new Promise((r) => setTimeout(r, 0));
    assert.equal(loader.value, 'second');
  });

  it('a disconnect stops the run without an update; reconnected, the host is asked to update (and load again)', async () => {
    const { host, loader, heard } = controller();
    const run = held();
    loader.run('k', run.task);
    await Promise.resolve();
    const updates = host.updates;
    loader.hostDisconnected();
    assert.equal(run.signal()?.aborted, true);
    assert.equal(loader.state, 'idle');
    assert.equal(loader.key, undefined);
    assert.equal(host.updates, updates, 'no update of a host that is off the page');
    loader.hostConnected();
    assert.equal(host.updates, updates + 1);
    run.release('too late');
    assert.equal(await loader.done(), 'idle');
    assert.deepEqual(heard, ['loading', 'idle']);
  });
});
