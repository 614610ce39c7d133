/**
 * When each step of a benchmark run happened, in ms from the first apply (`timeline` in the
 * report): per service the first status, CacheReady, its InferenceService created and Ready, and
 * Running (min / p50 / max over the services, from the tracker's watches, at no extra cost); and
 * with `--timeline`, the shared path every service waits on — template Ready, its cache, the
 * artifact, claim and download Job — from five more watches (the benchmark namespace's objects).
 * It answers "where did the run's time go" without a throw-away watcher script.
 */
import { Informer } from '../../shared/cache/informer.ts';
import { conditionIn } from '../../shared/inference/kube-conditions.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { percentile } from './percentile.ts';
import { BENCH_NAMESPACE } from './workload.ts';

export const SERVICE_STEPS = ['firstStatus', 'cacheReady', 'isvcCreated', 'isvcReady', 'running'] as const;
export type ServiceStep = (typeof SERVICE_STEPS)[number];

function conditionTrue(object: KubeObject, type: string): boolean {
  return conditionIn(object.status, type)?.status === 'True';
}

/** The shared steps, each from the first object of its kind in the benchmark namespace. */
const SHARED_STEPS: { apiVersion: string; kind: string; steps: (o: KubeObject) => string[] }[] = [
  {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMServiceTemplate',
    steps: (o) => (o.status?.status === 'Ready' ? ['templateReady'] : []),
  },
  {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMTemplateCache',
    steps: (o) => ['cacheCreated', ...(o.status?.status === 'Ready' ? ['cacheReady'] : [])],
  },
  {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMArtifact',
    steps: (o) => ['artifactCreated', ...(o.status?.status === 'Ready' ? ['artifactReady'] : [])],
  },
  {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    steps: (o) => [
      'claimCreated',
      ...((o.status as { phase?: string })?.phase === 'Bound' ? ['claimBound'] : []),
    ],
  },
  {
    apiVersion: 'batch/v1',
    kind: 'Job',
    steps: (o) => ['downloadJobCreated', ...(conditionTrue(o, 'Complete') ? ['downloadJobComplete'] : [])],
  },
];

type Spread = { n: number; min: number; p50: number; max: number };

/** min / p50 / max of some times, or nothing when there are none. */
function spread(times: number[]): Spread | undefined {
  if (times.length === 0) return undefined;
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, min: sorted[0]!, p50: percentile(sorted, 50), max: sorted.at(-1)! };
}

export class Timeline {
  #t0 = 0;
  readonly #shared = new Map<string, number>();
  readonly #services = new Map<string, Map<ServiceStep, number>>();
  readonly #informers: Informer[] = [];

  /** Steps before `start` are not kept (the tracker's initial LIST). */
  start(at: number): void {
    this.#t0 = at;
  }

  /** Watches the shared path (`--timeline`): five informers in the benchmark namespace. */
  async watchSharedPath(client: KubeClient): Promise<void> {
    const watching = client as KubeClient & Required<Pick<KubeClient, 'watch'>>;
    for (const { apiVersion, kind, steps } of SHARED_STEPS) {
      const informer = new Informer(
        watching,
        { gvk: { apiVersion, kind } },
        {
          onChange: (event) => {
            if (event.type === 'DELETED' || event.object.metadata.namespace !== BENCH_NAMESPACE) return;
            for (const step of steps(event.object)) this.#mark(this.#shared, step);
          },
        },
      );
      await informer.ready();
      this.#informers.push(informer);
    }
  }

  service(name: string, object: KubeObject): void {
    if (object.status?.status) this.serviceStep(name, 'firstStatus');
    if (conditionTrue(object, 'CacheReady')) this.serviceStep(name, 'cacheReady');
    if (object.status?.status === 'Running') this.serviceStep(name, 'running');
  }

  inferenceService(service: string, object: KubeObject): void {
    this.serviceStep(service, 'isvcCreated');
    if (conditionTrue(object, 'Ready')) this.serviceStep(service, 'isvcReady');
  }

  serviceStep(name: string, step: ServiceStep): void {
    const steps = this.#services.get(name) ?? new Map<ServiceStep, number>();
    this.#services.set(name, steps);
    this.#mark(steps, step);
  }

  stop(): void {
    for (const informer of this.#informers) informer.stop();
  }

  summary() {
    const services: Partial<Record<ServiceStep, Spread>> = {};
    for (const step of SERVICE_STEPS) {
      const times = [...this.#services.values()]
        .map((steps) => steps.get(step))
        .filter((at): at is number => at !== undefined);
      const stepSpread = spread(times);
      if (stepSpread) services[step] = stepSpread;
    }
    const shared = Object.fromEntries([...this.#shared].sort((a, b) => a[1] - b[1]));
    return { sharedPathMs: shared, servicesMs: services, serviceGapsMs: this.#gaps() };
  }

  /** Per service, the time from each step to the next one it reached (min / p50 / max). */
  #gaps() {
    const gaps: Record<string, Spread> = {};
    for (const [i, from] of SERVICE_STEPS.entries()) {
      const to = SERVICE_STEPS[i + 1];
      if (!to) break;
      const times = [...this.#services.values()].flatMap((steps) => {
        const a = steps.get(from);
        const b = steps.get(to);
        return a === undefined || b === undefined ? [] : [b - a];
      });
      const gap = spread(times);
      if (gap) gaps[`${from}→${to}`] = gap;
    }
    return gaps;
  }

  #mark<K>(steps: Map<K, number>, step: K): void {
    if (this.#t0 === 0 || steps.has(step)) return;
    steps.set(step, Date.now() - this.#t0);
  }
}
