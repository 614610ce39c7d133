import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KubeError } from '../../../shared/kube/errors.ts';
import { createTransport } from '../../../shared/kube/transport.ts';
import { type WatchEvent, watchKind } from '../../../shared/kube/watch.ts';
import { API_SERVER, statusBody, testKubeConfig } from './api-server.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MODELS = { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMModel' };
const MODELS_PATH = '/apis/aim.eai.amd.com/v1alpha1';

function line(type: string, name: string, resourceVersion: string, extra: object = {}): string {
  return `${JSON.stringify({ type, object: { metadata: { name, namespace: 'team', resourceVersion }, ...extra } })}\n`;
}

/** A streamed body of the given chunks, sent one after another. */
function streamed(chunks: string[], keepOpen = false): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(encoder.encode(chunk));
        await new Promise((resolve) => setImmediate(resolve));
      }
      if (!keepOpen) controller.close();
    },
  });
}

function answerWith(body: () => Response): URL[] {
  const seen: URL[] = [];
  server.use(
    http.get(`${API_SERVER}/*`, ({ request }) => {
      seen.push(new URL(request.url));
      return body();
    }),
  );
  return seen;
}

function watch(options: Partial<Parameters<typeof watchKind>[2]> = {}) {
  const events: WatchEvent[] = [];
  const handle = watchKind(
    createTransport(testKubeConfig()),
    MODELS,
    { resourceVersion: '10', ...options },
    (event) => events.push(event),
  );
  return { events, handle };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('watchKind', () => {
  it('asks for a watch from the resourceVersion with bookmarks, selectors and the namespace', async () => {
    const seen = answerWith(() => new HttpResponse(streamed([])));
    const { handle } = watch({
      namespace: 'team',
      labelSelector: 'app=x',
      fieldSelector: 'metadata.name=a',
      timeoutSeconds: 300,
    });
    await handle.done;
    expect(seen).toHaveLength(1);
    const url = seen[0]!;
    expect(url.pathname).toBe(`${MODELS_PATH}/namespaces/team/aimmodels`);
    expect(url.searchParams.get('watch')).toBe('1');
    expect(url.searchParams.get('allowWatchBookmarks')).toBe('true');
    expect(url.searchParams.get('resourceVersion')).toBe('10');
    expect(url.searchParams.get('labelSelector')).toBe('app=x');
    expect(url.searchParams.get('fieldSelector')).toBe('metadata.name=a');
    expect(url.searchParams.get('timeoutSeconds')).toBe('300');
  });

  it('watches every namespace and sends no empty selectors when none are given', async () => {
    const seen = answerWith(() => new HttpResponse(streamed([])));
    await watch({ labelSelector: '' }).handle.done;
    expect(seen[0]!.pathname).toBe(`${MODELS_PATH}/aimmodels`);
    expect(seen[0]!.searchParams.has('labelSelector')).toBe(false);
    expect(seen[0]!.searchParams.has('fieldSelector')).toBe(false);
  });

  it('delivers each event line in order, with the kind filled in, even when chunks split lines', async () => {
    const text = line('ADDED', 'a', '11') + line('MODIFIED', 'a', '12') + line('DELETED', 'b', '13');
    const chunks = [text.slice(0, 7), text.slice(7, 60), text.slice(60, 61), text.slice(61)];
    answerWith(() => new HttpResponse(streamed(chunks)));
    const { events, handle } = watch();
    await handle.done;
    expect(
      events.map((event) => [event.type, event.object.metadata.name, event.object.metadata.resourceVersion]),
    ).toEqual([
      ['ADDED', 'a', '11'],
      ['MODIFIED', 'a', '12'],
      ['DELETED', 'b', '13'],
    ]);
    expect(events[0]!.object).toMatchObject(MODELS);
  });

  it('delivers a last line without a trailing newline and skips blank lines', async () => {
    const last = line('ADDED', 'c', '14').trimEnd();
    answerWith(() => new HttpResponse(streamed(['\n', line('ADDED', 'a', '11'), '\n\n', last])));
    const { events, handle } = watch();
    await handle.done;
    expect(events.map((event) => event.object.metadata.name)).toEqual(['a', 'c']);
  });

  it('passes BOOKMARK events on (their resourceVersion is where to resume)', async () => {
    const bookmark = `${JSON.stringify({ type: 'BOOKMARK', object: { kind: 'AIMModel', metadata: { resourceVersion: '99' } } })}\n`;
    answerWith(() => new HttpResponse(streamed([bookmark])));
    const { events, handle } = watch();
    await handle.done;
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('BOOKMARK');
    expect(events[0]!.object.metadata.resourceVersion).toBe('99');
  });

  it('rejects done with a Gone KubeError on an ERROR event with code 410 and drops what follows', async () => {
    const error = `${JSON.stringify({ type: 'ERROR', object: statusBody(410, 'Expired', 'too old resource version: 10 (50)') })}\n`;
    answerWith(
      () => new HttpResponse(streamed([line('ADDED', 'a', '11'), error, line('ADDED', 'b', '12')], true)),
    );
    const { events, handle } = watch();
    const err = await rejection(handle.done);
    expect(err).toBeInstanceOf(KubeError);
    expect(err).toMatchObject({ reason: 'Gone', statusCode: 410, retryable: false });
    expect((err as Error).message).toContain('too old resource version');
    expect(events.map((event) => event.object.metadata.name)).toEqual(['a']);
  });

  it('rejects done with a retryable error on an ERROR event with another code', async () => {
    const error = `${JSON.stringify({ type: 'ERROR', object: statusBody(500, 'InternalError', 'etcd hiccup') })}\n`;
    answerWith(() => new HttpResponse(streamed([error])));
    const err = await rejection(watch().handle.done);
    expect(err).toMatchObject({ reason: 'InternalError', statusCode: 500, retryable: true });
  });

  it('rejects done with Gone when the server answers HTTP 410, keeping the server message', async () => {
    answerWith(() =>
      HttpResponse.text(`${JSON.stringify(statusBody(410, 'Expired', 'too old resource version: 1'))}\n`, {
        status: 410,
      }),
    );
    const err = await rejection(watch().handle.done);
    expect(err).toBeInstanceOf(KubeError);
    expect(err).toMatchObject({ reason: 'Gone', statusCode: 410 });
    expect((err as Error).message).toContain('too old resource version: 1');
  });

  it('rejects done with the classified error on a 403 and delivers no events', async () => {
    answerWith(() =>
      HttpResponse.json(statusBody(403, 'Forbidden', 'cannot watch aimmodels'), { status: 403 }),
    );
    const { events, handle } = watch();
    const err = await rejection(handle.done);
    expect(err).toMatchObject({ reason: 'Forbidden', statusCode: 403 });
    expect(events).toEqual([]);
  });

  it('resolves done when stopped while the server keeps the stream open', async () => {
    answerWith(() => new HttpResponse(streamed([line('ADDED', 'a', '11')], true)));
    const { events, handle } = watch();
    await expect.poll(() => events.length).toBe(1);
    handle.stop();
    await expect(handle.done).resolves.toBeUndefined();
  });

  it('ignores a torn line and keeps reading', async () => {
    answerWith(() => new HttpResponse(streamed(['{"type":"ADDED","obj\n', line('ADDED', 'b', '12')])));
    const { events, handle } = watch();
    await handle.done;
    expect(events.map((event) => event.object.metadata.name)).toEqual(['b']);
  });
});
