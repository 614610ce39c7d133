import { CloudEvent } from 'cloudevents';
import type { PingSource } from './manifests.ts';

/**
 * Interval of a PingSource cron schedule. Only the forms the project uses are understood
 * (`* * * * *` and `*​/N * * * *`, minutes); anything else is rejected loudly rather than guessed.
 */
export function scheduleIntervalMs(schedule: string): number {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5 || fields.slice(1).some((f) => f !== '*')) {
    throw new Error(`unsupported PingSource schedule for the local event path: "${schedule}"`);
  }
  const minute = fields[0];
  if (minute === '*') return 60_000;
  const m = /^\*\/(\d+)$/.exec(minute ?? '');
  if (!m) throw new Error(`unsupported PingSource schedule for the local event path: "${schedule}"`);
  return Number(m[1]) * 60_000;
}

export function pingEvent(source: PingSource): CloudEvent<unknown> {
  const ns = source.metadata.namespace ?? 'default';
  return new CloudEvent({
    type: 'dev.knative.sources.ping',
    source: `/apis/v1/namespaces/${ns}/pingsources/${source.metadata.name}`,
    datacontenttype: source.spec.contentType ?? 'application/json',
    data: source.spec.data ? JSON.parse(source.spec.data) : undefined,
    ...source.spec.ceOverrides?.extensions,
  });
}

/**
 * Emits each PingSource's event on its schedule. `intervalOverrideMs` lets tests and `npm start`
 * tick faster than cron's one-minute floor.
 */
export function startPingSources(
  sources: PingSource[],
  publish: (event: CloudEvent<unknown>) => void,
  intervalOverrideMs?: number,
): () => void {
  const timers = sources.map((source) =>
    setInterval(
      () => publish(pingEvent(source)),
      intervalOverrideMs ?? scheduleIntervalMs(source.spec.schedule),
    ),
  );
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
