import type { KubeObject } from '../../shared/kube/types.ts';
import { FIELD_MANAGER, type SimulatorApi } from './api.ts';
import type { ThrottledLog } from './log.ts';
import { POD_IP, rfc3339 } from './pod-lifecycle.ts';
import { parseQuantity } from './quantity.ts';
import { DEFAULT_NODE_CAPACITY, type SimulatedNode } from './rules.ts';
import type { SchedulableNode } from './scheduling.ts';

/** Marks the Node objects the simulator owns (and may delete when the rules drop them). */
export const SIM_NODE_LABEL = 'sim.aim.eai.amd.com/node';
/** The rule labels last written, so labels removed from a rule are removed from the Node. */
const RULE_LABELS_ANNOTATION = 'sim.aim.eai.amd.com/rule-labels';
const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';
const NODE_GVK = { apiVersion: 'v1', kind: 'Node' } as const;

function desiredLabels(node: SimulatedNode): Record<string, string> {
  return {
    'kubernetes.io/hostname': node.name,
    'kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    ...node.labels,
    [SIM_NODE_LABEL]: 'true',
  };
}

function capacityOf(node: SimulatedNode): Record<string, string> {
  return { ...DEFAULT_NODE_CAPACITY, ...node.capacity };
}

/** The status a kubelet posts: Ready, capacity, loopback address and the fake kubelet's port. */
export function nodeStatus(node: SimulatedNode, kubeletPort: number, nowMs: number): Record<string, unknown> {
  const time = rfc3339(nowMs);
  const condition = (type: string, status: string, reason: string, message: string) => ({
    type,
    status,
    reason,
    message,
    lastHeartbeatTime: time,
    lastTransitionTime: time,
  });
  const capacity = capacityOf(node);
  return {
    capacity,
    allocatable: capacity,
    conditions: [
      condition(
        'MemoryPressure',
        'False',
        'KubeletHasSufficientMemory',
        'kubelet has sufficient memory available',
      ),
      condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
      condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
      condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'),
    ],
    // Only an InternalIP: the API server dials the first address of its preferred types
    // (Hostname first by default), and a Hostname address would send pods/log to DNS.
    addresses: [{ type: 'InternalIP', address: POD_IP }],
    daemonEndpoints: { kubeletEndpoint: { Port: kubeletPort } },
    nodeInfo: {
      machineID: node.name,
      systemUUID: node.name,
      bootID: 'aim-simulator',
      kernelVersion: '6.8.0-sim',
      osImage: 'AIM cluster simulator',
      containerRuntimeVersion: 'sim://1.0.0',
      kubeletVersion: 'v1.36.3-sim',
      kubeProxyVersion: '',
      operatingSystem: 'linux',
      architecture: 'amd64',
    },
  };
}

export function nodeStatusSignature(status: Record<string, unknown> | undefined): string {
  const s = (status ?? {}) as {
    capacity?: Record<string, string>;
    allocatable?: Record<string, string>;
    conditions?: { type: string; status: string }[];
    addresses?: { type: string; address: string }[];
    daemonEndpoints?: { kubeletEndpoint?: { Port?: number } };
  };
  // By value: the API server stores quantities in canonical form (`29696Gi` comes back as `29Ti`),
  // so comparing the text patched every node's status on every pass.
  const sorted = (r: Record<string, string> | undefined) =>
    Object.entries(r ?? {})
      .map(([name, quantity]) => [name, parseQuantity(quantity) ?? quantity])
      .sort();
  return JSON.stringify([
    sorted(s.capacity),
    sorted(s.allocatable),
    (s.conditions ?? []).map((c) => `${c.type}=${c.status}`).sort(),
    (s.addresses ?? []).map((a) => `${a.type}=${a.address}`),
    s.daemonEndpoints?.kubeletEndpoint?.Port ?? 0,
  ]);
}

function taintKey(t: { key: string; value?: string | undefined; effect: string }): string {
  return `${t.key}=${t.value ?? ''}:${t.effect}`;
}

export function schedulableNode(node: KubeObject): SchedulableNode {
  return {
    name: node.metadata.name,
    labels: node.metadata.labels ?? {},
    allocatable: node.status?.allocatable ?? {},
    taints: node.spec?.taints ?? [],
  };
}

export async function listSimulatedNodes(api: SimulatorApi): Promise<KubeObject[]> {
  return (await api.client.list(NODE_GVK, { labelSelector: SIM_NODE_LABEL })).items;
}

/**
 * Makes the simulator's Node objects match the rules: creates missing ones, fixes labels, status
 * and taints (admission adds `node.kubernetes.io/not-ready` on create; with no node lifecycle
 * controller nothing else would remove it), deletes simulator nodes the rules no longer list.
 * Returns the nodes as the scheduler should see them.
 */
export async function syncNodes(
  api: SimulatorApi,
  wanted: readonly SimulatedNode[],
  kubeletPort: number,
  nowMs: number,
  log: ThrottledLog,
): Promise<SchedulableNode[]> {
  const existing = new Map((await listSimulatedNodes(api)).map((n) => [n.metadata.name, n]));
  const result: SchedulableNode[] = [];
  for (const node of wanted) {
    try {
      result.push(await syncNode(api, node, existing.get(node.name), kubeletPort, nowMs));
    } catch (err) {
      log.failure(`node/${node.name}`, err, { node: node.name }, 'cannot sync simulated node');
    }
  }
  const wantedNames = new Set(wanted.map((n) => n.name));
  for (const name of existing.keys()) {
    if (wantedNames.has(name)) continue;
    try {
      await api.client.delete({ ...NODE_GVK, name });
      log.log.info({ node: name }, 'deleted simulated node no longer in the rules');
    } catch (err) {
      log.failure(`node-delete/${name}`, err, { node: name }, 'cannot delete simulated node');
    }
  }
  return result;
}

async function syncNode(
  api: SimulatorApi,
  node: SimulatedNode,
  current: KubeObject | undefined,
  kubeletPort: number,
  nowMs: number,
): Promise<SchedulableNode> {
  const labels = desiredLabels(node);
  const ruleLabelKeys = Object.keys(node.labels).sort().join(',');
  let object = current;
  if (!object) {
    object = await api.client.create(
      {
        ...NODE_GVK,
        metadata: { name: node.name, labels, annotations: { [RULE_LABELS_ANNOTATION]: ruleLabelKeys } },
        spec: { taints: node.taints },
      },
      { fieldManager: FIELD_MANAGER },
    );
  } else {
    const have = object.metadata.labels ?? {};
    const previousKeys = (object.metadata.annotations?.[RULE_LABELS_ANNOTATION] ?? '')
      .split(',')
      .filter(Boolean);
    const patch: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(labels)) if (have[key] !== value) patch[key] = value;
    for (const key of previousKeys) if (!(key in labels) && key in have) patch[key] = null;
    if (
      Object.keys(patch).length > 0 ||
      object.metadata.annotations?.[RULE_LABELS_ANNOTATION] !== ruleLabelKeys
    ) {
      object = await api.client.mergePatch(
        { ...NODE_GVK, name: node.name },
        { metadata: { labels: patch, annotations: { [RULE_LABELS_ANNOTATION]: ruleLabelKeys } } },
        { fieldManager: FIELD_MANAGER },
      );
    }
  }
  const haveTaints: { key: string; value?: string; effect: string }[] = object.spec?.taints ?? [];
  const wantTaints = node.taints.filter((t) => t.key !== NOT_READY_TAINT);
  if (haveTaints.map(taintKey).sort().join('|') !== wantTaints.map(taintKey).sort().join('|')) {
    object = await api.client.mergePatch(
      { ...NODE_GVK, name: node.name },
      { spec: { taints: wantTaints.length > 0 ? wantTaints : null } },
      { fieldManager: FIELD_MANAGER },
    );
  }
  const status = nodeStatus(node, kubeletPort, nowMs);
  if (nodeStatusSignature(object.status) !== nodeStatusSignature(status)) {
    object = await api.patchStatus({ ...NODE_GVK, name: node.name }, status);
  }
  return schedulableNode(object);
}
