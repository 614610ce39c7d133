/**
 * Cold start of one function on a platform at rest: service-resolve scaled to zero, a new service
 * created, the function started again; ms from the spawn to its readiness and to its first status
 * write on that service. One start varies by ±60 ms with what the machine does at that moment, so
 * it is measured `samples` times: the figures are the medians, each sample is kept. Each sample's
 * service reaches Running before the next, so no start inherits the previous one's work.
 */
import type { LocalPlatform } from '../../local/platform/local-platform.ts';
import type { KubeClient } from '../../shared/kube/types.ts';
import { percentile } from './percentile.ts';
import { settle } from './settle.ts';
import type { Tracker } from './tracker.ts';
import * as workload from './workload.ts';

export interface ColdStartSample {
  toReadyMs: number;
  toFirstStatusWriteMs: number;
}

export interface ColdStarts extends ColdStartSample {
  samples: ColdStartSample[];
}

export interface ColdStartOptions {
  platform: LocalPlatform;
  client: KubeClient;
  tracker: Tracker;
  /** Index of the first service made for the samples (after the workload's). */
  firstIndex: number;
  samples: number;
  fieldManager: string;
  settleQuietMs: number;
}

function hasFirstStatus(tracker: Tracker, name: string): boolean {
  const conditions = (tracker.serviceObjects.get(name)?.status?.conditions ?? []) as { type: string }[];
  return conditions.some((c) => c.type === 'ModelReady');
}

async function coldStartOnce(options: ColdStartOptions, index: number): Promise<ColdStartSample> {
  const { platform, client, tracker } = options;
  await settle(platform.broker, options.settleQuietMs, 30_000);
  await platform.scaleToZero('service-resolve');
  const service = workload.service(index);
  await client.create(service, { fieldManager: options.fieldManager });
  const spawned = Date.now();
  await platform.scaleUp('service-resolve');
  const ready = Date.now();
  await tracker.until(
    () => hasFirstStatus(tracker, service.metadata.name),
    60_000,
    'the cold function’s first status write',
  );
  const sample = { toReadyMs: ready - spawned, toFirstStatusWriteMs: Date.now() - spawned };
  // Its service on to Running before the next sample: events about it held while the function is
  // down would otherwise be the next cold start's first work (they were, 5 requests ahead of it).
  await tracker.until(
    () => tracker.services.get(service.metadata.name)?.running === true,
    60_000,
    'the cold start’s service Running',
  );
  return sample;
}

export async function measureColdStarts(options: ColdStartOptions): Promise<ColdStarts> {
  const samples: ColdStartSample[] = [];
  for (let i = 0; i < Math.max(1, options.samples); i++)
    samples.push(await coldStartOnce(options, options.firstIndex + i));
  return {
    toReadyMs: percentile(
      samples.map((s) => s.toReadyMs),
      50,
    ),
    toFirstStatusWriteMs: percentile(
      samples.map((s) => s.toFirstStatusWriteMs),
      50,
    ),
    samples,
  };
}
