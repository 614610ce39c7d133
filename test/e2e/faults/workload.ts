/**
 * The workload every fault test runs: a model with inline image metadata (its recommended
 * deployments become templates), more discovery templates than the discovery Job limit, services
 * caching their weights (two sharing a cache, one dedicated), a spec change on a Running service
 * and a deletion. What "converged" means is checked by `converged` and `childrenProblems`.
 */

import { inlineMetadataModel } from '../../../local/platform/sample-workload.ts';
import { DEFAULT_RULES, type SimulatorRulesInput } from '../../../local/simulator/rules.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

export const AIM = 'aim.eai.amd.com/v1alpha1';
const FM = { fieldManager: 'e2e-faults', force: true } as const;
export const MODEL = 'chat-model';
/** The discovery templates' model: its own, so the services' template choice stays unambiguous. */
export const DISCOVERY_MODEL = 'discovery-model';
/** More than the limit of 10 discovery Jobs at a time, so the limit is what holds them back. */
export const DISCOVERY_TEMPLATES = Array.from({ length: 16 }, (_, i) => `disc-${String(i).padStart(2, '0')}`);

/** Discovery runs long enough that the templates' Jobs overlap. */
function rules(): SimulatorRulesInput {
  return {
    ...DEFAULT_RULES,
    pods: {
      ...DEFAULT_RULES.pods,
      rules: [
        {
          name: 'discovery-slow',
          match: { labels: { 'aim.eai.amd.com/template': 'disc-*' }, args: 'dry-run*' },
          runSeconds: 3,
        },
        ...(DEFAULT_RULES.pods?.rules ?? []),
      ],
    },
  };
}

export async function prepare(client: KubeClient, ns: string): Promise<void> {
  await client.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, FM);
  await writeSimulatorRules(client, rules());
}

/** The services' model (its two recommended deployments become templates) and the discovery one. */
export async function applyModels(client: KubeClient, ns: string): Promise<void> {
  const deployment = (metric: string) => ({ gpuModel: 'MI300X', gpuCount: 1, precision: 'fp8', metric });
  await client.apply(inlineMetadataModel(ns, MODEL, [deployment('latency'), deployment('throughput')]), FM);
  await client.apply(inlineMetadataModel(ns, DISCOVERY_MODEL), FM);
}

/** Templates without model sources: each needs a discovery Job. */
export async function applyDiscoveryTemplates(client: KubeClient, ns: string): Promise<void> {
  await Promise.all(
    DISCOVERY_TEMPLATES.map((name) =>
      client.apply(
        {
          apiVersion: AIM,
          kind: 'AIMServiceTemplate',
          metadata: { name, namespace: ns },
          spec: { modelName: DISCOVERY_MODEL },
        },
        FM,
      ),
    ),
  );
}

/** A service of the model; `revision` lands in its environment, so each change is visible in the ISVC. */
export async function applyService(
  client: KubeClient,
  ns: string,
  name: string,
  caching: 'Shared' | 'Dedicated',
  revision = 1,
): Promise<void> {
  await client.apply(
    {
      apiVersion: AIM,
      kind: 'AIMService',
      metadata: { name, namespace: ns },
      spec: {
        model: { name: MODEL },
        template: { allowUnoptimized: true },
        caching: { mode: caching },
        env: [{ name: 'WORKLOAD_REVISION', value: String(revision) }],
      },
    },
    FM,
  );
}

export async function deleteService(client: KubeClient, ns: string, name: string): Promise<KubeObject> {
  const service = await client.get({ apiVersion: AIM, kind: 'AIMService', namespace: ns, name });
  await client.delete({ apiVersion: AIM, kind: 'AIMService', namespace: ns, name });
  return service;
}

const list = async (client: KubeClient, apiVersion: string, kind: string, ns: string) =>
  (await client.list({ apiVersion, kind }, { namespace: ns })).items;

/** The revision the ISVC of a service runs with, read from its inference container's environment. */
export function isvcRevision(isvc: KubeObject): string | undefined {
  const env: { name: string; value?: string }[] = isvc.spec?.predictor?.containers?.[0]?.env ?? [];
  return env.find((e) => e.name === 'WORKLOAD_REVISION')?.value;
}

export interface Expected {
  ns: string;
  /** Live services and the revision each must run with. */
  services: Record<string, number>;
  /** Objects deleted during the run: nothing may still point at them. */
  deleted: KubeObject[];
}

/** What still differs from the converged state (empty when converged). */
export async function pending(client: KubeClient, expected: Expected): Promise<string[]> {
  const { ns } = expected;
  const problems: string[] = [];
  const templates = await list(client, AIM, 'AIMServiceTemplate', ns);
  for (const name of DISCOVERY_TEMPLATES) {
    const t = templates.find((x) => x.metadata.name === name);
    if (t?.status?.status !== 'Ready') problems.push(`template ${name}: ${t?.status?.status ?? 'no status'}`);
  }
  const services = await list(client, AIM, 'AIMService', ns);
  const isvcs = await list(client, 'serving.kserve.io/v1beta1', 'InferenceService', ns);
  for (const [name, revision] of Object.entries(expected.services)) {
    const svc = services.find((s) => s.metadata.name === name);
    if (svc?.status?.status !== 'Running')
      problems.push(`service ${name}: ${svc?.status?.status ?? 'absent'}`);
    else if (svc.status.observedGeneration !== svc.metadata.generation)
      problems.push(`service ${name}: observedGeneration ${svc.status.observedGeneration}`);
    const owned = isvcs.filter((i) => i.metadata.ownerReferences?.some((o) => o.uid === svc?.metadata.uid));
    const got = owned.map(isvcRevision);
    if (got.length !== 1 || got[0] !== String(revision))
      problems.push(`service ${name}: ISVC revisions [${got.join(', ')}], want [${revision}]`);
  }
  problems.push(...(await leftovers(client, expected)));
  return problems;
}

const CHILD_KINDS = [
  { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' },
  { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' },
  { apiVersion: AIM, kind: 'AIMTemplateCache' },
  { apiVersion: AIM, kind: 'AIMArtifact' },
  { apiVersion: AIM, kind: 'AIMModel' },
  { apiVersion: 'v1', kind: 'PersistentVolumeClaim' },
  { apiVersion: 'batch/v1', kind: 'Job' },
];

async function children(client: KubeClient, ns: string): Promise<KubeObject[]> {
  const all = await Promise.all(CHILD_KINDS.map((k) => list(client, k.apiVersion, k.kind, ns)));
  return all.flat();
}

/** Children still owned by a deleted object, and deleted objects still there. */
async function leftovers(client: KubeClient, expected: Expected): Promise<string[]> {
  const problems: string[] = [];
  const gone = new Set(expected.deleted.map((d) => d.metadata.uid));
  for (const d of expected.deleted) {
    const still = await client.getOptional({
      apiVersion: d.apiVersion,
      kind: d.kind,
      namespace: d.metadata.namespace,
      name: d.metadata.name,
    });
    if (still?.metadata.uid === d.metadata.uid) problems.push(`${d.kind} ${d.metadata.name} not deleted`);
  }
  for (const child of await children(client, expected.ns)) {
    const owner = child.metadata.ownerReferences?.find((o) => gone.has(o.uid));
    if (owner)
      problems.push(`${child.kind} ${child.metadata.name} left behind by ${owner.kind} ${owner.name}`);
  }
  return problems;
}

/**
 * Children that duplicate each other: more than one of a kind for one owner and one role (the
 * component label of artifact Jobs, the template index of a cache's artifacts, the template of a
 * discovery Job). Names are mostly derived, so a duplicate would come from a second create path.
 */
export async function duplicateChildren(
  client: KubeClient,
  ns: string,
): Promise<{ checked: string[]; duplicates: string[] }> {
  const groups = new Map<string, string[]>();
  const add = (key: string, name: string) => groups.set(key, [...(groups.get(key) ?? []), name]);
  for (const child of await children(client, ns)) {
    // Services sharing a template share one cache, whichever of them asked first.
    if (child.kind === 'AIMTemplateCache' && (child.spec?.mode ?? 'Shared') === 'Shared') {
      add(`Shared AIMTemplateCache of template ${child.spec?.templateName}`, child.metadata.name);
    }
    const owner =
      child.metadata.ownerReferences?.find((o) => o.controller) ?? child.metadata.ownerReferences?.[0];
    if (!owner) continue;
    const labels = child.metadata.labels ?? {};
    const role = [
      labels['aim.eai.amd.com/component'],
      labels['aim.eai.amd.com/template.index'],
      labels['aim.eai.amd.com/template'],
    ].join('/');
    add(`${child.kind} of ${owner.kind} ${owner.name} (${role})`, child.metadata.name);
  }
  const duplicates = [...groups].filter(([, names]) => names.length > 1);
  return {
    checked: [...groups.keys()],
    duplicates: duplicates.map(([key, names]) => `${key}: ${names.join(', ')}`),
  };
}
