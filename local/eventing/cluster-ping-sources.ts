/**
 * The local stand-in for Knative's PingSource adapter, for the PingSources that live in the API
 * server: the functions' wake-up calls (shared/timed-work/wake-schedule.ts), which they create,
 * move and delete as their timed work changes. Watched, not polled; each fires at its cron
 * schedule's next minute (UTC) into the broker. The PingSources of eventing/ run from their files
 * (ping.ts), where tests may shorten the resync; those names are skipped here.
 */

import type { CloudEvent } from 'cloudevents';
import { ObjectCache } from '../../shared/cache/object-cache.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { parseCron } from './cron.ts';
import type { PingSource } from './manifests.ts';
import { pingEvent } from './ping.ts';

const PING_SOURCE_GVK = { apiVersion: 'sources.knative.dev/v1', kind: 'PingSource' };
/** Node's timers overflow past ~24.8 days: a later fire is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ClusterPingSources {
  stop(): void;
}

export function runClusterPingSources(args: {
  client: KubeClient;
  publish: (event: CloudEvent<unknown>) => void;
  /** `namespace/name` of PingSources run from files. */
  skip: ReadonlySet<string>;
  log?: (msg: string) => void;
}): ClusterPingSources {
  const timers = new Map<string, { schedule: string; timer: NodeJS.Timeout }>();
  let stopped = false;
  const cache = new ObjectCache(args.client, [{ gvk: PING_SOURCE_GVK }], {
    onChange: () => void refresh(),
  });

  const arm = (key: string, source: KubeObject) => {
    const schedule = String(source.spec?.schedule ?? '');
    const existing = timers.get(key);
    if (existing?.schedule === schedule) return;
    if (existing) clearTimeout(existing.timer);
    let at: number | undefined;
    try {
      at = parseCron(schedule).next(Date.now());
    } catch (err) {
      args.log?.(`PingSource ${key}: ${(err as Error).message}`);
    }
    if (at === undefined) {
      timers.delete(key);
      return;
    }
    const fireAt = at;
    const timer = setTimeout(
      () => {
        timers.delete(key);
        if (stopped) return;
        if (Date.now() >= fireAt - 1_000) args.publish(pingEvent(source as unknown as PingSource));
        // Armed again for its next minute, from what the cache holds now.
        void refresh();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, fireAt - Date.now())),
    );
    timer.unref();
    timers.set(key, { schedule, timer });
  };

  async function refresh(): Promise<void> {
    if (stopped) return;
    const sources = (await cache.snapshot(PING_SOURCE_GVK)) ?? [];
    const present = new Set<string>();
    for (const source of sources) {
      const key = `${source.metadata.namespace}/${source.metadata.name}`;
      if (args.skip.has(key)) continue;
      present.add(key);
      arm(key, source);
    }
    for (const [key, { timer }] of timers) {
      if (present.has(key)) continue;
      clearTimeout(timer);
      timers.delete(key);
    }
  }

  void cache.warm().then(refresh, (err: unknown) => args.log?.(`PingSource watch failed: ${String(err)}`));
  return {
    stop() {
      stopped = true;
      cache.stop();
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
