import type { KubeObject } from '../../shared/kube/types.ts';
import { type NodeUsage, podRequests } from './node-usage.ts';
import { parseQuantity } from './quantity.ts';

export { podRequests } from './node-usage.ts';

/** A node as the fake scheduler sees it. */
export interface SchedulableNode {
  name: string;
  labels: Record<string, string>;
  allocatable: Record<string, string>;
  taints: { key: string; value?: string | undefined; effect: string }[];
}

export type ScheduleDecision = { node: string } | { unschedulable: string };

export interface ScheduleInput {
  pod: KubeObject;
  /** Candidate nodes, in preference order. */
  nodes: readonly SchedulableNode[];
  /** What the pods already bound request per node (`NodeUsage.of`, kept current by a pass). */
  usage: NodeUsage;
  /** Phase of each claim the cluster has, keyed `namespace/name`. */
  claimPhases: ReadonlyMap<string, string | undefined>;
}

interface NodeSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

function requirementHolds(req: NodeSelectorRequirement, value: string | undefined): boolean {
  const values = req.values ?? [];
  switch (req.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      const have = Number.parseInt(value ?? '', 10);
      const want = Number.parseInt(values[0] ?? '', 10);
      if (Number.isNaN(have) || Number.isNaN(want)) return false;
      return req.operator === 'Gt' ? have > want : have < want;
    }
    default:
      return false;
  }
}

function termMatches(term: NodeSelectorTerm, node: SchedulableNode): boolean {
  const expressions = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  // An empty term selects nothing (as in the API's NodeSelectorTerm semantics).
  if (expressions.length === 0 && fields.length === 0) return false;
  return (
    expressions.every((req) => requirementHolds(req, node.labels[req.key])) &&
    fields.every((req) => requirementHolds(req, req.key === 'metadata.name' ? node.name : undefined))
  );
}

/** nodeSelector and required node affinity (terms are ORed, expressions ANDed). */
export function nodeSelectorMatches(podSpec: KubeObject['spec'], node: SchedulableNode): boolean {
  const selector: Record<string, string> = podSpec?.nodeSelector ?? {};
  for (const [key, value] of Object.entries(selector)) {
    if (node.labels[key] !== value) return false;
  }
  const terms: NodeSelectorTerm[] | undefined =
    podSpec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (!terms || terms.length === 0) return true;
  return terms.some((term) => termMatches(term, node));
}

interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
}

function tolerates(tolerations: Toleration[], taint: SchedulableNode['taints'][number]): boolean {
  return tolerations.some((t) => {
    if (t.effect && t.effect !== taint.effect) return false;
    if (t.operator === 'Exists') return !t.key || t.key === taint.key;
    return t.key === taint.key && (t.value ?? '') === (taint.value ?? '');
  });
}

function untoleratedTaint(podSpec: KubeObject['spec'], node: SchedulableNode) {
  const tolerations: Toleration[] = podSpec?.tolerations ?? [];
  return node.taints.find(
    (taint) =>
      (taint.effect === 'NoSchedule' || taint.effect === 'NoExecute') && !tolerates(tolerations, taint),
  );
}

function insufficientResources(pod: KubeObject, node: SchedulableNode, usage: NodeUsage): string[] {
  const used = usage.on(node.name, pod.metadata.uid);
  const reasons: string[] = [];
  const podLimit = parseQuantity(node.allocatable.pods);
  if (podLimit !== undefined && used.pods + 1 > podLimit) reasons.push('Too many pods');
  for (const [resource, amount] of podRequests(pod)) {
    if (amount <= 0) continue;
    const allocatable = parseQuantity(node.allocatable[resource]) ?? 0;
    // Float sums of decimal quantities (e.g. 0.1 + 0.2) must not fail a fit by rounding.
    if ((used.requests.get(resource) ?? 0) + amount > allocatable + 1e-9)
      reasons.push(`Insufficient ${resource}`);
  }
  return reasons;
}

function claimProblem(input: ScheduleInput): string | undefined {
  const namespace = input.pod.metadata.namespace ?? '';
  for (const volume of (input.pod.spec?.volumes ?? []) as {
    persistentVolumeClaim?: { claimName?: string };
  }[]) {
    const claim = volume.persistentVolumeClaim?.claimName;
    if (!claim) continue;
    const key = `${namespace}/${claim}`;
    if (!input.claimPhases.has(key)) return `persistentvolumeclaim "${claim}" not found`;
    if (input.claimPhases.get(key) !== 'Bound') return 'pod has unbound immediate PersistentVolumeClaims';
  }
  return undefined;
}

function unschedulableMessage(nodeCount: number, reasons: string): string {
  return (
    `0/${nodeCount} nodes are available: ${reasons}. ` +
    `preemption: 0/${nodeCount} nodes are available: ${nodeCount} Preemption is not helpful for scheduling.`
  );
}

/**
 * The first node (in the given order) that passes the scheduler's basic filters: taints,
 * nodeSelector / required node affinity, and resource fit against what is already bound there.
 * Otherwise a message shaped like kube-scheduler's FailedScheduling event.
 */
export function scheduleDecision(input: ScheduleInput): ScheduleDecision {
  const { pod, nodes } = input;
  if (nodes.length === 0) return { unschedulable: 'no nodes available to schedule pods' };
  const claim = claimProblem(input);
  if (claim) return { unschedulable: unschedulableMessage(nodes.length, claim) };
  const histogram = new Map<string, number>();
  for (const node of nodes) {
    const taint = untoleratedTaint(pod.spec, node);
    let reasons: string[];
    if (taint) reasons = [`node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`];
    else if (!nodeSelectorMatches(pod.spec, node))
      reasons = ["node(s) didn't match Pod's node affinity/selector"];
    else reasons = insufficientResources(pod, node, input.usage);
    if (reasons.length === 0) return { node: node.name };
    for (const reason of reasons) histogram.set(reason, (histogram.get(reason) ?? 0) + 1);
  }
  const parts = [...histogram].map(([reason, count]) => `${count} ${reason}`).sort();
  return { unschedulable: unschedulableMessage(nodes.length, parts.join(', ')) };
}
