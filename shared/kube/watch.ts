/**
 * Watches of a kind (`?watch=1`), the read side of the functions' object caches: one long GET
 * streams ADDED / MODIFIED / DELETED / BOOKMARK events. A watch that starts from a resourceVersion
 * the server no longer has ends with a 410 `Gone` (as an HTTP answer or as an ERROR event), which
 * the caller answers with a fresh LIST.
 */
import { KubeError } from './errors.ts';
import { resourcePath } from './resources.ts';
import type { KubeTransport, StreamHandle } from './transport.ts';
import type { GroupVersionKind, KubeObject } from './types.ts';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK';

export interface WatchEvent {
  type: WatchEventType;
  object: KubeObject;
}

export interface WatchOptions {
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** Where to start: the resourceVersion of the LIST (or of the last event) already seen. */
  resourceVersion: string;
  /** The server ends the watch after this long; the caller watches again from where it was. */
  timeoutSeconds?: number;
}

export type WatchHandle = StreamHandle;

interface RawEvent {
  type?: string;
  object?: Record<string, unknown>;
}

function statusError(object: Record<string, unknown> | undefined, path: string): KubeError {
  const code = typeof object?.code === 'number' ? object.code : 500;
  const message = typeof object?.message === 'string' ? object.message : 'watch error';
  return new KubeError({
    reason: code === 410 ? 'Gone' : 'InternalError',
    statusCode: code,
    retryable: code !== 410,
    message: `WATCH ${path}: ${code} ${message}`,
  });
}

/** Streams `gvk`'s events to `onEvent`; `done` rejects with a `Gone` KubeError when the start is too old. */
export function watchKind(
  transport: KubeTransport,
  gvk: GroupVersionKind,
  options: WatchOptions,
  onEvent: (event: WatchEvent) => void,
): WatchHandle {
  const target: GroupVersionKind & { namespace?: string } = { apiVersion: gvk.apiVersion, kind: gvk.kind };
  if (options.namespace) target.namespace = options.namespace;
  const path = resourcePath(target);
  let failure: KubeError | undefined;
  const handle = transport.stream(
    {
      method: 'GET',
      path,
      query: {
        watch: 1,
        allowWatchBookmarks: true,
        resourceVersion: options.resourceVersion,
        labelSelector: options.labelSelector || undefined,
        fieldSelector: options.fieldSelector || undefined,
        timeoutSeconds: options.timeoutSeconds,
      },
    },
    (line) => {
      if (failure) return;
      let event: RawEvent;
      try {
        event = JSON.parse(line) as RawEvent;
      } catch {
        return; // a torn line of a stream cut short; the watch restarts from the last good event
      }
      if (event.type === 'ERROR') {
        failure = statusError(event.object, path);
        handle.stop();
        return;
      }
      if (!event.object || !isEventType(event.type)) return;
      // Watch events carry the kind; bookmarks may not.
      onEvent({
        type: event.type,
        object: { ...event.object, apiVersion: gvk.apiVersion, kind: gvk.kind } as KubeObject,
      });
    },
  );
  const done = handle.done.then(() => {
    if (failure) throw failure;
  });
  return { done, stop: handle.stop };
}

function isEventType(type: string | undefined): type is WatchEventType {
  return type === 'ADDED' || type === 'MODIFIED' || type === 'DELETED' || type === 'BOOKMARK';
}
