/** What the template-discover end-to-end tests write and read: paused Ready models, templates, Jobs. */

import { DEFAULT_NODES, DEFAULT_RULES, type SimulatorRulesInput } from '../../../local/simulator/rules.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { eventually } from '../support/wait.ts';

export const AIM = 'aim.eai.amd.com/v1alpha1';
const FM = { fieldManager: 'e2e', force: true } as const;
export const IMAGE = 'ghcr.io/amd/aim-dummy:0.1.0';

export async function namespace(client: KubeClient, name: string): Promise<void> {
  await client.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, FM);
}

/** A model as model-inspect would leave it, paused so nobody else writes its status. */
export async function readyModel(client: KubeClient, name: string, ns?: string): Promise<void> {
  const kind = ns === undefined ? 'AIMClusterModel' : 'AIMModel';
  const metadata = {
    name,
    ...(ns !== undefined ? { namespace: ns } : {}),
    annotations: { 'aim.eai.amd.com/reconciliation-paused': 'true' },
  };
  await client.apply({ apiVersion: AIM, kind, metadata, spec: { image: IMAGE } }, FM);
  await client.applyStatus(
    {
      apiVersion: AIM,
      kind,
      metadata: { name, ...(ns !== undefined ? { namespace: ns } : {}) },
      status: { status: 'Ready' },
    },
    FM,
  );
}

export async function createTemplate(
  client: KubeClient,
  name: string,
  spec: Record<string, unknown>,
  ns?: string,
): Promise<void> {
  const kind = ns === undefined ? 'AIMClusterServiceTemplate' : 'AIMServiceTemplate';
  await client.create({
    apiVersion: AIM,
    kind,
    metadata: { name, ...(ns !== undefined ? { namespace: ns } : {}) },
    spec,
  });
}

export function getTemplate(client: KubeClient, name: string, ns?: string): Promise<KubeObject> {
  return ns === undefined
    ? client.get({ apiVersion: AIM, kind: 'AIMClusterServiceTemplate', name })
    : client.get({ apiVersion: AIM, kind: 'AIMServiceTemplate', namespace: ns, name });
}

export function conditionOf(object: KubeObject, type: string) {
  return (object.status?.conditions ?? []).find((condition: { type: string }) => condition.type === type) as
    | { type: string; status: string; reason: string; message: string }
    | undefined;
}

export function isActiveJob(job: KubeObject): boolean {
  return !(job.status?.conditions ?? []).some(
    (c: { type: string; status: string }) =>
      (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );
}

export async function discoveryJobs(client: KubeClient): Promise<KubeObject[]> {
  return (
    await client.list(
      { apiVersion: 'batch/v1', kind: 'Job' },
      { labelSelector: 'app.kubernetes.io/name=aim-discovery' },
    )
  ).items;
}

/** The dry-run result of aim-dummy with noise before and after it, brackets included. */
export const NOISY_LOG = [
  '[INFO] aim-runtime [boot] loading profiles from /workspace [2 found]',
  JSON.stringify(
    [
      {
        filename: 'vllm-mi325x-bf16-tp2-throughput.yaml',
        profile: {
          model: 'org/noisy-model',
          quantized_model: 'org/noisy-model',
          metadata: {
            engine: 'vllm',
            gpu: 'MI325X',
            precision: 'bf16',
            gpu_count: 2,
            metric: 'throughput',
            type: 'preview',
          },
          engine_args: { 'tensor-parallel-size': 2 },
          env_vars: {},
        },
        models: [{ name: 'org/noisy-model', source: 'hf://org/noisy-model', size_gb: 14 }],
      },
    ],
    null,
    2,
  ),
  '[DONE] dry run finished [exit 0]',
  '',
].join('\n');

export const MI355X_NODE = {
  name: 'sim-mi355x-0',
  labels: { 'amd.com/gpu.device-id': '75a3', 'amd.com/gpu.vram': '288G' },
};

/** Discovery pods by template name: failures, a noisy log, garbage, and slow-enough defaults. */
export function rules(extraNodes: (typeof MI355X_NODE)[] = []): SimulatorRulesInput {
  const discovery = (template: string) => ({
    labels: { 'aim.eai.amd.com/template': template },
    args: 'dry-run*',
  });
  return {
    ...DEFAULT_RULES,
    nodes: { enabled: true, items: [...DEFAULT_NODES, ...extraNodes] },
    inferenceServices: { enabled: false },
    pods: {
      ...DEFAULT_RULES.pods,
      rules: [
        {
          name: 'discovery-fails',
          match: discovery('e2e-fails'),
          logs: 'Traceback (most recent call last):\nValueError: no profile matches MI300X/fp8\n',
          exit: { code: 1 },
          runSeconds: 1,
        },
        { name: 'discovery-noisy', match: discovery('e2e-noisy'), logs: NOISY_LOG, runSeconds: 1 },
        {
          name: 'discovery-garbage',
          match: discovery('e2e-garbage'),
          logs: 'Segmentation fault\n',
          runSeconds: 1,
        },
        // Long enough that the burst's Jobs overlap and the limit is what holds them back.
        { name: 'discovery-burst', match: discovery('burst-*'), runSeconds: 3 },
        ...(DEFAULT_RULES.pods?.rules ?? []),
      ],
    },
  };
}

/** A template as first seen with a given number of failed discovery attempts, and its Jobs then. */
export interface AttemptSighting {
  template: KubeObject;
  jobs: KubeObject[];
}

export interface AttemptWatch {
  /** The first sighting of exactly `attempts` recorded attempts. */
  sighting(attempts: number, timeoutMs: number): Promise<AttemptSighting>;
  stop(): void;
}

/**
 * Follows a template's `status.discovery.attempts` from now on and keeps the first sighting of
 * each count: the next attempt overwrites the previous one's record, so a test that only looks
 * once its turn comes (after the other tests) may find a later attempt than the one it checks.
 * Attempts are a backoff (≥ 60 s) apart, so sampling every half second sees each of them.
 */
export function watchDiscoveryAttempts(client: KubeClient, name: string, ns: string): AttemptWatch {
  const seen = new Map<number, AttemptSighting>();
  let stopped = false;
  void (async () => {
    while (!stopped) {
      try {
        const template = await getTemplate(client, name, ns);
        const attempts: number = template.status?.discovery?.attempts ?? 0;
        if (attempts > 0 && !seen.has(attempts)) {
          const jobs = (await discoveryJobs(client)).filter(
            (job) => job.metadata.labels?.['aim.eai.amd.com/template'] === name,
          );
          seen.set(attempts, { template, jobs });
        }
      } catch {
        // Not created yet, or the platform is going away: the next sample tells.
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    sighting: (attempts, timeoutMs) =>
      eventually(`discovery attempt ${attempts} of ${ns}/${name} recorded`, async () => seen.get(attempts), {
        timeoutMs,
      }),
    stop() {
      stopped = true;
    },
  };
}
