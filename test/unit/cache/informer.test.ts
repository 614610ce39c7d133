import { afterEach, describe, expect, it, vi } from 'vitest';
import { Informer, type InformerOptions } from '../../../shared/cache/informer.ts';
import { KubeError } from '../../../shared/kube/errors.ts';
import type {
  KubeClient,
  KubeErrorReason,
  KubeObject,
  ListOptions,
  ObjectList,
} from '../../../shared/kube/types.ts';
import type { WatchEvent, WatchOptions } from '../../../shared/kube/watch.ts';

const MODELS = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel' };

function model(name: string, resourceVersion: string, spec: unknown = {}): KubeObject {
  return { ...MODELS, metadata: { name, namespace: 'ns', resourceVersion }, spec };
}

function kubeError(reason: KubeErrorReason, statusCode: number): KubeError {
  return new KubeError({ reason, statusCode, retryable: reason !== 'Gone', message: reason });
}

interface ScriptedWatch {
  options: WatchOptions;
  emit: (event: WatchEvent) => void;
  end: () => void;
  fail: (err: unknown) => void;
  stopped: boolean;
}

/** A client whose LIST answers come from a script and whose watches the test drives. */
class ScriptedClient {
  readonly lists: ListOptions[] = [];
  readonly watches: ScriptedWatch[] = [];
  readonly answers: (ObjectList | Error)[] = [];

  async list(_gvk: unknown, options: ListOptions = {}): Promise<ObjectList> {
    this.lists.push(options);
    const answer = this.answers.shift();
    if (answer === undefined) throw new Error('no LIST answer scripted');
    if (answer instanceof Error) throw answer;
    return structuredClone(answer);
  }

  watch(_gvk: unknown, options: WatchOptions, onEvent: (event: WatchEvent) => void) {
    let end = () => {};
    let fail: (err: unknown) => void = () => {};
    const done = new Promise<void>((resolve, reject) => {
      end = resolve;
      fail = reject;
    });
    const watch: ScriptedWatch = { options, emit: onEvent, end, fail, stopped: false };
    this.watches.push(watch);
    return {
      done,
      stop: () => {
        watch.stopped = true;
        end();
      },
    };
  }

  get last(): ScriptedWatch {
    const watch = this.watches.at(-1);
    if (watch === undefined) throw new Error('no watch started');
    return watch;
  }
}

function informer(client: ScriptedClient, options: InformerOptions = {}, labelSelector?: string) {
  const kind = labelSelector ? { gvk: MODELS, labelSelector } : { gvk: MODELS };
  return new Informer(client as unknown as KubeClient & Required<Pick<KubeClient, 'watch'>>, kind, options);
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const namesOf = (objects: KubeObject[]) => objects.map((o) => o.metadata.name);

afterEach(() => vi.useRealTimers());

describe('Informer', () => {
  it('is ready after its first LIST and then watches from the LIST resourceVersion', async () => {
    const client = new ScriptedClient();
    client.answers.push({ items: [model('b', '4'), model('a', '3')], resourceVersion: '7' });
    const inf = informer(client, {}, 'app=x');
    expect(inf.synced).toBe(false);
    await expect(inf.ready()).resolves.toBe(true);
    expect(inf.synced).toBe(true);
    expect(client.lists).toEqual([{ limit: 500, labelSelector: 'app=x' }]);
    expect(namesOf(inf.select({}))).toEqual(['a', 'b']);
    expect(inf.resourceVersion).toBe('7');
    await vi.waitFor(() => expect(client.watches).toHaveLength(1));
    expect(client.last.options).toMatchObject({ resourceVersion: '7', labelSelector: 'app=x' });
    await expect(inf.ready()).resolves.toBe(true);
    expect(client.lists).toHaveLength(1);
    inf.stop();
  });

  it('follows ADDED, MODIFIED and DELETED events and reports changes but not bookmarks', async () => {
    const client = new ScriptedClient();
    client.answers.push({ items: [model('a', '3')], resourceVersion: '3' });
    const changes: string[] = [];
    const inf = informer(client, { onChange: (event) => changes.push(event.type) });
    await inf.ready();
    await vi.waitFor(() => expect(client.watches).toHaveLength(1));
    client.last.emit({ type: 'ADDED', object: model('b', '4') });
    client.last.emit({ type: 'MODIFIED', object: model('a', '5', { v: 2 }) });
    client.last.emit({ type: 'DELETED', object: model('b', '6') });
    client.last.emit({
      type: 'BOOKMARK',
      object: { ...MODELS, metadata: { name: '', resourceVersion: '9' } },
    });
    expect(namesOf(inf.select({}))).toEqual(['a']);
    expect(inf.get('ns', 'a')?.spec).toEqual({ v: 2 });
    expect(inf.get('ns', 'b')).toBeUndefined();
    expect(inf.resourceVersion).toBe('9');
    expect(changes).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    inf.stop();
  });

  it('reached() answers at once when seen, waits for an event at or past it, and gives up on timeout', async () => {
    vi.useFakeTimers();
    const client = new ScriptedClient();
    client.answers.push({ items: [], resourceVersion: '10' });
    const inf = informer(client);
    const early = inf.reached('8', 1000);
    await flush();
    await expect(early).resolves.toBe(true);
    const waiting = inf.reached('12', 1000);
    const never = inf.reached('20', 1000);
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    client.last.emit({ type: 'ADDED', object: model('a', '11') });
    await flush();
    expect(settled).toBe(false);
    client.last.emit({ type: 'MODIFIED', object: model('a', '13') });
    await expect(waiting).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(never).resolves.toBe(false);
    await expect(inf.reached('not-a-number', 1000)).resolves.toBe(false);
    inf.stop();
  });

  it('lists again when the watch is Gone, dropping what the new LIST lacks', async () => {
    vi.useFakeTimers();
    const client = new ScriptedClient();
    const errors: unknown[] = [];
    client.answers.push({ items: [model('a', '3'), model('b', '4')], resourceVersion: '4' });
    client.answers.push({ items: [model('b', '40')], resourceVersion: '50' });
    const inf = informer(client, { onError: (err) => errors.push(err) });
    await inf.ready();
    await flush();
    client.last.fail(kubeError('Gone', 410));
    await flush();
    expect(client.lists).toHaveLength(2);
    expect(namesOf(inf.select({}))).toEqual(['b']);
    expect(inf.get('ns', 'b')?.metadata.resourceVersion).toBe('40');
    expect(client.watches).toHaveLength(2);
    expect(client.last.options.resourceVersion).toBe('50');
    expect(errors).toEqual([]);
    inf.stop();
  });

  it('backs off after other watch failures, doubling the wait, and resumes without a LIST', async () => {
    vi.useFakeTimers();
    const client = new ScriptedClient();
    const errors: unknown[] = [];
    client.answers.push({ items: [model('a', '3')], resourceVersion: '3' });
    const inf = informer(client, { onError: (err) => errors.push(err) });
    await inf.ready();
    await flush();
    client.last.emit({ type: 'MODIFIED', object: model('a', '8') });
    client.last.fail(kubeError('InternalError', 500));
    await vi.advanceTimersByTimeAsync(499);
    expect(client.watches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.watches).toHaveLength(2);
    expect(client.last.options.resourceVersion).toBe('8');
    client.last.fail(kubeError('ServiceUnavailable', 503));
    await vi.advanceTimersByTimeAsync(999);
    expect(client.watches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.watches).toHaveLength(3);
    expect(client.lists).toHaveLength(1);
    expect(errors).toHaveLength(2);
    expect(inf.synced).toBe(true);
    inf.stop();
  });

  it('waits before watching again when a watch ends at once with no event, and not after a useful one', async () => {
    vi.useFakeTimers();
    const client = new ScriptedClient();
    client.answers.push({ items: [model('a', '3')], resourceVersion: '3' });
    const inf = informer(client);
    await inf.ready();
    await flush();
    client.last.end();
    await vi.advanceTimersByTimeAsync(499);
    expect(client.watches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.watches).toHaveLength(2);
    client.last.end();
    await vi.advanceTimersByTimeAsync(999);
    expect(client.watches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.watches).toHaveLength(3);
    // A watch that brought an event (or lasted) is resumed at once, and the wait starts over.
    client.last.emit({ type: 'MODIFIED', object: model('a', '9') });
    client.last.end();
    await flush();
    expect(client.watches).toHaveLength(4);
    expect(client.last.options.resourceVersion).toBe('9');
    expect(client.lists).toHaveLength(1);
    inf.stop();
  });

  it('tells readers it is not synced when the first LIST fails, keeps no writes, and syncs on a later try', async () => {
    vi.useFakeTimers();
    const client = new ScriptedClient();
    const errors: unknown[] = [];
    client.answers.push(kubeError('Forbidden', 403));
    client.answers.push({ items: [model('a', '3')], resourceVersion: '3' });
    const inf = informer(client, { onError: (err) => errors.push(err) });
    await expect(inf.ready()).resolves.toBe(false);
    expect(inf.synced).toBe(false);
    expect(errors).toHaveLength(1);
    inf.stored(model('written-while-unsynced', '1'));
    expect(inf.size).toBe(0);
    const again = inf.ready();
    await vi.advanceTimersByTimeAsync(500);
    await expect(again).resolves.toBe(true);
    expect(namesOf(inf.select({}))).toEqual(['a']);
    expect(client.lists).toHaveLength(2);
    inf.stop();
  });

  it('folds a write in only when it is newer than what it holds', async () => {
    const client = new ScriptedClient();
    client.answers.push({ items: [model('a', '5', { v: 'listed' })], resourceVersion: '5' });
    const inf = informer(client, { fieldManager: 'me' });
    await inf.ready();
    inf.stored(model('a', '4', { v: 'stale' }));
    expect(inf.get('ns', 'a')?.spec).toEqual({ v: 'listed' });
    inf.stored(model('a', '6', { v: 'written' }));
    expect(inf.get('ns', 'a')?.spec).toEqual({ v: 'written' });
    await vi.waitFor(() => expect(client.watches).toHaveLength(1));
    client.last.emit({ type: 'MODIFIED', object: model('a', '6', { v: 'event of the write' }) });
    expect(inf.get('ns', 'a')?.spec).toEqual({ v: 'written' });
    inf.stop();
  });

  it('stop() ends the watch, settles waiting readers with false and lists no more', async () => {
    vi.useFakeTimers();
    const client = new ScriptedClient();
    client.answers.push({ items: [], resourceVersion: '3' });
    const inf = informer(client);
    await inf.ready();
    await flush();
    const waiting = inf.reached('100', 60_000);
    inf.stop();
    await expect(waiting).resolves.toBe(false);
    expect(client.last.stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(client.watches).toHaveLength(1);
    expect(client.lists).toHaveLength(1);
  });

  it('stop() before the first LIST answers settles ready() with false', async () => {
    const client = new ScriptedClient();
    const inf = informer(client);
    vi.spyOn(client, 'list').mockReturnValue(new Promise(() => {}));
    const ready = inf.ready();
    inf.stop();
    await expect(ready).resolves.toBe(false);
  });
});

describe('Informer after stop()', () => {
  /** What ready() and reached() answer once pending callbacks ran ('pending' if they never settle). */
  async function answersAfterStop(inf: Informer) {
    let answers: unknown = 'pending';
    void Promise.all([inf.ready(), inf.reached('5', 60_000)]).then((values) => {
      answers = values;
    });
    await new Promise((resolve) => setImmediate(resolve));
    return answers;
  }

  it('answers ready() and reached() with false when stopped before any read', async () => {
    const client = new ScriptedClient();
    const inf = informer(client);
    inf.stop();
    expect(await answersAfterStop(inf)).toEqual([false, false]);
    expect(client.lists).toEqual([]);
  });

  it('answers ready() and reached() with false when stopped while the first LIST is pending', async () => {
    const client = new ScriptedClient();
    const inf = informer(client);
    vi.spyOn(client, 'list').mockReturnValue(new Promise(() => {}));
    void inf.ready();
    inf.stop();
    expect(await answersAfterStop(inf)).toEqual([false, false]);
  });

  it('answers ready() and reached() with false when stopped after the first LIST failed', async () => {
    const client = new ScriptedClient();
    client.answers.push(kubeError('Forbidden', 403));
    const inf = informer(client);
    await expect(inf.ready()).resolves.toBe(false);
    inf.stop();
    expect(await answersAfterStop(inf)).toEqual([false, false]);
  });
});
