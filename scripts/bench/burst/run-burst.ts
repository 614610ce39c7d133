/**
 * One burst on a running platform: the objects' namespaces created, every object posted at once,
 * then a wait until each accepted object has a status of its own or `deadlineMs` has passed since
 * the last answer. Used by `npm run bench:burst` and the fuzz e2e test.
 */
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { type PostResult, postBurst } from './post.ts';
import { StatusWatch, type Tracked } from './status-watch.ts';
import { type BurstSummary, summarise } from './summary.ts';

export interface BurstOptions {
  /** How long to wait for statuses after the last POST was answered. */
  deadlineMs: number;
  /** The figure "without status after …" (issue 14: 10 s). */
  targetMs?: number;
  /** Creations in flight. */
  concurrency?: number;
}

export interface BurstResult extends PostResult {
  tracked: Tracked[];
  summary: BurstSummary;
}

export async function runBurst(
  client: KubeClient,
  objects: readonly KubeObject[],
  options: BurstOptions,
): Promise<BurstResult> {
  const namespaces = [
    ...new Set(objects.flatMap((o) => (o.metadata.namespace ? [o.metadata.namespace] : []))),
  ];
  for (const name of namespaces) {
    await client.apply(
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
      { fieldManager: 'aim-burst', force: true },
    );
  }
  const watch = await StatusWatch.start(client);
  try {
    const posted = await postBurst(client, objects, watch, options.concurrency);
    await watch.settledOrTimeout(options.deadlineMs);
    const tracked = [...watch.tracked.values()];
    return { ...posted, tracked, summary: summarise(posted.rejected, tracked, options.targetMs) };
  } finally {
    watch.stop();
  }
}
