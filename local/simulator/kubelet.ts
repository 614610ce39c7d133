import type { KubeObject } from '../../shared/kube/types.ts';
import { eachWithConcurrency } from '../../shared/runtime/concurrency.ts';
import type { SimulatorApi } from './api.ts';
import { DownloadReporter } from './downloader.ts';
import { EventOnce } from './events.ts';
import type { ThrottledLog } from './log.ts';
import { isTerminal, NodeUsage } from './node-usage.ts';
import { type PodBehaviour, resolvePodBehaviour } from './pod-behaviour.ts';
import { podStatusAt, rfc3339 } from './pod-lifecycle.ts';
import { containerLogAt, type LogAnswer } from './pod-logs.ts';
import { podStatusSignature } from './pod-status-signature.ts';
import type { SimulatorRules } from './rules.ts';
import { type SchedulableNode, scheduleDecision } from './scheduling.ts';

const POD_GVK = { apiVersion: 'v1', kind: 'Pod' } as const;
/** Pod writes (bindings, status updates) in flight in one pass. */
const KUBELET_CONCURRENCY = 8;

/** A scheduling decision and the behaviour the pod's rule gives it. */
type Placement = ({ node: string } | { unschedulable: string }) & { behaviour: PodBehaviour };

interface PodRecord {
  pod: KubeObject;
  behaviour: PodBehaviour;
  boundAtMs: number;
}

export interface KubeletTick {
  rules: SimulatorRules;
  /** The simulator's nodes: candidates for scheduling, and the pods bound to them are run here. */
  nodes: readonly SchedulableNode[];
  pods: readonly KubeObject[];
  claimPhases: ReadonlyMap<string, string | undefined>;
  nowMs: number;
}

function keyOf(pod: KubeObject): string {
  return `${pod.metadata.namespace}/${pod.metadata.name}`;
}

function uidOf(pod: KubeObject): string {
  return pod.metadata.uid ?? keyOf(pod);
}

/** When a pod already bound before this simulator run was bound, as well as the API tells. */
function boundAtFromStatus(pod: KubeObject, nowMs: number): number {
  const scheduled = (pod.status?.conditions ?? []).find(
    (c: { type?: string; status?: string }) => c.type === 'PodScheduled' && c.status === 'True',
  );
  for (const time of [scheduled?.lastTransitionTime, pod.status?.startTime, pod.metadata.creationTimestamp]) {
    const ms = typeof time === 'string' ? Date.parse(time) : Number.NaN;
    if (!Number.isNaN(ms)) return ms;
  }
  return nowMs;
}

/**
 * Plays kube-scheduler and the kubelet of every simulated node: binds pending pods to a node that
 * fits (or records FailedScheduling), runs bound pods through their lifecycle by writing
 * `pods/status`, patches download progress, serves container logs, and confirms the deletion of
 * terminating pods. A pod's behaviour is fixed the first time it is seen, like a container that
 * has already started.
 */
export class FakeKubelet {
  readonly #api: SimulatorApi;
  readonly #log: ThrottledLog;
  readonly #records = new Map<string, PodRecord>();
  readonly #byKey = new Map<string, string>();
  readonly #events = new EventOnce();
  readonly #downloads = new DownloadReporter();
  /** Terminating pods whose deletion this kubelet confirmed (until the pod is gone from its watch). */
  readonly #deletionsConfirmed = new Set<string>();

  constructor(api: SimulatorApi, log: ThrottledLog) {
    this.#api = api;
    this.#log = log;
  }

  /** One pass; returns the pods as it left them (the statuses it wrote), for the rest of the pass. */
  async sync(tick: KubeletTick): Promise<KubeObject[]> {
    const nodeNames = new Set(tick.nodes.map((n) => n.name));
    // A pod this kubelet bound whose binding its watch has not delivered yet is bound all the same.
    const boundHere = (p: KubeObject) => this.#records.get(uidOf(p))?.pod.spec?.nodeName !== undefined;
    const bound = tick.pods.flatMap((p) =>
      p.spec?.nodeName ? [p] : boundHere(p) ? [this.#records.get(uidOf(p))!.pod] : [],
    );
    const pending = tick.pods
      .filter((p) => !p.spec?.nodeName && !boundHere(p) && !p.metadata.deletionTimestamp && !isTerminal(p))
      .sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''));

    // Placements are decided in turn (they share the nodes' capacity); each pod counts as bound
    // for the next decision at once, and the writes go out together (a few at a time), as do the
    // running pods' status updates: a pass over 100 pods costs a few round trips, not 100.
    const decisions: { pod: KubeObject; decision: Placement }[] = [];
    const usage = NodeUsage.of(bound);
    for (const pod of pending) {
      const decision = this.#decide(pod, tick, usage);
      if (decision === undefined) continue;
      if ('node' in decision) usage.add(pod, decision.node);
      decisions.push({ pod, decision });
    }
    await eachWithConcurrency(
      decisions,
      KUBELET_CONCURRENCY,
      ({ pod, decision }) => this.#schedule(pod, decision, tick),
      ({ pod }, err) =>
        this.#log.failure(`schedule/${uidOf(pod)}`, err, { pod: keyOf(pod) }, 'cannot schedule pod'),
    );
    const running = tick.pods.filter((pod) => pod.spec?.nodeName && nodeNames.has(pod.spec.nodeName));
    const written = new Map<string, KubeObject>();
    await eachWithConcurrency(
      running,
      KUBELET_CONCURRENCY,
      async (pod) => {
        const status = await this.#run(pod, tick);
        if (status !== undefined) written.set(uidOf(pod), { ...pod, status });
      },
      (pod, err) => this.#log.failure(`run/${uidOf(pod)}`, err, { pod: keyOf(pod) }, 'cannot update pod'),
    );
    this.#forgetMissing(tick.pods);
    return tick.pods.map((pod) => written.get(uidOf(pod)) ?? pod);
  }

  /** What `GET /containerLogs/{namespace}/{pod}/{container}` answers. */
  containerLog(namespace: string, name: string, container: string, nowMs: number): LogAnswer {
    const uid = this.#byKey.get(`${namespace}/${name}`);
    const record = uid === undefined ? undefined : this.#records.get(uid);
    if (!record)
      return { status: 404, message: `pod ${namespace}/${name} is not running on a simulated node` };
    return containerLogAt(record.pod, container, record.behaviour, (nowMs - record.boundAtMs) / 1000);
  }

  /** Where `pod` goes (with the behaviour its rule gives it), or undefined when it is not ours to place. */
  #decide(pod: KubeObject, tick: KubeletTick, usage: NodeUsage): Placement | undefined {
    const schedulerName = pod.spec?.schedulerName;
    if (schedulerName && schedulerName !== 'default-scheduler') return undefined;
    if ((pod.spec?.schedulingGates ?? []).length > 0) return undefined;
    const behaviour = resolvePodBehaviour(pod, tick.rules);
    const decision =
      behaviour.scheduleError !== undefined
        ? { unschedulable: behaviour.scheduleError }
        : scheduleDecision({
            pod,
            nodes: tick.nodes,
            usage,
            claimPhases: tick.claimPhases,
          });
    return { ...decision, behaviour };
  }

  async #schedule(pod: KubeObject, decision: Placement, tick: KubeletTick): Promise<void> {
    const { behaviour } = decision;
    const namespace = pod.metadata.namespace ?? 'default';
    if ('node' in decision) {
      await this.#api.bindPod(namespace, pod.metadata.name, decision.node);
      const boundAtMs = tick.nowMs;
      const placed = { ...pod, spec: { ...pod.spec, nodeName: decision.node } };
      this.#remember(placed, { pod: placed, behaviour, boundAtMs });
      this.#log.log.info(
        { pod: keyOf(pod), node: decision.node, rule: behaviour.ruleName, role: behaviour.role },
        'bound pod',
      );
      return;
    }
    await this.#events.record(this.#api.client, {
      about: { ...pod, apiVersion: 'v1', kind: 'Pod' },
      type: 'Warning',
      reason: 'FailedScheduling',
      message: decision.unschedulable,
      component: 'default-scheduler',
      action: 'Scheduling',
      nowMs: tick.nowMs,
    });
    const current = (pod.status?.conditions ?? []).find((c: { type?: string }) => c.type === 'PodScheduled');
    if (current?.status !== 'False' || current?.message !== decision.unschedulable) {
      await this.#api.patchStatus(
        { ...POD_GVK, namespace, name: pod.metadata.name },
        {
          phase: 'Pending',
          conditions: [
            {
              type: 'PodScheduled',
              status: 'False',
              reason: 'Unschedulable',
              message: decision.unschedulable,
              lastTransitionTime: rfc3339(tick.nowMs),
              lastProbeTime: null,
            },
          ],
        },
      );
    }
  }

  /** Runs one bound pod's life; returns the status it wrote, if any. */
  async #run(pod: KubeObject, tick: KubeletTick): Promise<KubeObject['status'] | undefined> {
    const uid = uidOf(pod);
    let record = this.#records.get(uid);
    if (!record) {
      record = {
        pod,
        behaviour: resolvePodBehaviour(pod, tick.rules),
        boundAtMs: boundAtFromStatus(pod, tick.nowMs),
      };
    }
    record.pod = pod;
    this.#remember(pod, record);
    const key = { ...POD_GVK, namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name };

    if (pod.metadata.deletionTimestamp) {
      // Nothing but a kubelet confirms the deletion of a bound pod; ask once per pod.
      const grace = (pod.metadata as { deletionGracePeriodSeconds?: number }).deletionGracePeriodSeconds;
      if (grace !== 0 && !this.#deletionsConfirmed.has(uid)) {
        await this.#api.deleteNow(key);
        this.#deletionsConfirmed.add(uid);
      }
      return;
    }
    const elapsed = (tick.nowMs - record.boundAtMs) / 1000;
    if (tick.rules.pods.artifactStatus && record.behaviour.role === 'download') {
      try {
        await this.#downloads.sync(this.#api, pod, record.behaviour, elapsed);
      } catch (err) {
        this.#log.failure(`download/${uid}`, err, { pod: keyOf(pod) }, 'cannot patch AIMArtifact status');
      }
    }
    const desired = podStatusAt(pod, record.behaviour, record.boundAtMs, tick.nowMs);
    if (podStatusSignature(desired) === podStatusSignature(pod.status)) return;
    // Never move a pod out of a terminal phase (the API server would reject it anyway).
    if (isTerminal(pod)) return;
    await this.#api.patchStatus(key, desired);
    this.#log.log.debug({ pod: keyOf(pod), phase: desired.phase }, 'pod status');
    return desired;
  }

  #remember(pod: KubeObject, record: PodRecord): void {
    this.#records.set(uidOf(pod), record);
    this.#byKey.set(keyOf(pod), uidOf(pod));
  }

  #forgetMissing(pods: readonly KubeObject[]): void {
    const uids = new Set(pods.map(uidOf));
    for (const [uid, record] of this.#records) {
      if (uids.has(uid)) continue;
      this.#records.delete(uid);
      if (this.#byKey.get(keyOf(record.pod)) === uid) this.#byKey.delete(keyOf(record.pod));
    }
    for (const uid of this.#deletionsConfirmed) if (!uids.has(uid)) this.#deletionsConfirmed.delete(uid);
    this.#events.retain(uids);
    this.#downloads.retain(uids);
  }
}
