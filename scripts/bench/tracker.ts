/**
 * Follows the benchmark's AIMServices and InferenceServices through one informer each (the
 * benchmark must not add a LIST per poll to the figures it measures): when each service was
 * created, first Running, and whether it ever left Running; each InferenceService's generation.
 */

import { Informer } from '../../shared/cache/informer.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import type { Timeline } from './timeline.ts';
import { BENCH_NAMESPACE } from './workload.ts';

interface ServiceTimes {
  createdAt?: number;
  runningAt?: number;
  running: boolean;
  leftRunning: number;
}

export class Tracker {
  readonly services = new Map<string, ServiceTimes>();
  readonly isvcGenerations = new Map<string, number>();
  /** The latest copy of each service. */
  readonly serviceObjects = new Map<string, KubeObject>();
  readonly #informers: Informer[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #timeline: Timeline | undefined;

  constructor(timeline?: Timeline) {
    this.#timeline = timeline;
  }

  static async start(client: KubeClient, timeline?: Timeline): Promise<Tracker> {
    const tracker = new Tracker(timeline);
    const watching = client as KubeClient & Required<Pick<KubeClient, 'watch'>>;
    for (const [gvk, onObject] of [
      [
        { apiVersion: 'aim.eai.amd.com/v1alpha1', kind: 'AIMService' },
        (o: KubeObject) => tracker.#service(o),
      ],
      [
        { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' },
        (o: KubeObject) => tracker.#isvc(o),
      ],
    ] as const) {
      // The product's own informer: it lists once, watches, and resumes or relists on its own.
      const informer = new Informer(
        watching,
        { gvk },
        {
          onChange: (event) => {
            if (event.object.metadata.namespace !== BENCH_NAMESPACE) return;
            if (event.type !== 'DELETED') onObject(event.object);
            for (const listener of tracker.#listeners) listener();
          },
        },
      );
      await informer.ready();
      for (const item of informer.select({ namespace: BENCH_NAMESPACE })) onObject(item);
      tracker.#informers.push(informer);
    }
    return tracker;
  }

  created(name: string, at: number): void {
    const times = this.services.get(name) ?? { running: false, leftRunning: 0 };
    times.createdAt = at;
    this.services.set(name, times);
  }

  /** Resolves when `predicate` holds (checked on every watch event), or rejects after `timeoutMs`. */
  until(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#listeners.delete(check);
        const states = [...this.services].map(
          ([name, t]) =>
            `${name}:${t.running ? 'Running' : (this.serviceObjects.get(name)?.status?.status ?? '-')}`,
        );
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what} (${states.join(' ')})`));
      }, timeoutMs);
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.#listeners.delete(check);
        resolve();
      };
      this.#listeners.add(check);
    });
  }

  runningCount(): number {
    let count = 0;
    for (const times of this.services.values()) if (times.running) count += 1;
    return count;
  }

  stop(): void {
    for (const informer of this.#informers) informer.stop();
  }

  #service(object: KubeObject): void {
    const name = object.metadata.name;
    this.serviceObjects.set(name, object);
    const times = this.services.get(name) ?? { running: false, leftRunning: 0 };
    const running = object.status?.status === 'Running';
    if (running && times.runningAt === undefined) times.runningAt = Date.now();
    if (times.running && !running) times.leftRunning += 1;
    times.running = running;
    this.services.set(name, times);
    this.#timeline?.service(name, object);
  }

  #isvc(object: KubeObject): void {
    this.isvcGenerations.set(object.metadata.name, object.metadata.generation ?? 0);
    const service = object.metadata.ownerReferences?.[0]?.name;
    if (service !== undefined) this.#timeline?.inferenceService(service, object);
  }
}
