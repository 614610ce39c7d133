/**
 * What the seed documents say happens after an object is applied, derived from the object itself
 * so that a new example is checked without touching the test. Every object of a kind a function
 * reconciles gets a status, and never `InvalidSpec` (the functions read every documented form);
 * beyond that, one small rule per kind for the consequences the documents promise.
 */
import { aimKind } from '../../../shared/api/kinds.ts';
import { LABELS } from '../../../shared/constants/labels.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { discoveryJobSelector } from '../../../shared/templates/fetch.ts';
import { hasCondition } from '../support/conditions.ts';
import { eventually } from '../support/wait.ts';
import type { SeedExample } from './seed-examples.ts';

export interface Outcome {
  what: string;
  check(client: KubeClient, example: SeedExample): Promise<void>;
}

type Plain = Record<string, unknown>;
const plain = (value: unknown): Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Plain) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Kinds whose status a function writes (runtime configs too, unlike upstream: issue 14). */
const RECONCILED = new Set([
  'AIMRuntimeConfig',
  'AIMClusterRuntimeConfig',
  'AIMModel',
  'AIMClusterModel',
  'AIMServiceTemplate',
  'AIMClusterServiceTemplate',
  'AIMService',
  'AIMTemplateCache',
  'AIMArtifact',
]);
const TEMPLATE_KIND_OF_MODEL: Record<string, string> = {
  AIMModel: 'AIMServiceTemplate',
  AIMClusterModel: 'AIMClusterServiceTemplate',
};
const STATUS_TIMEOUT_MS = 60_000;
const RUNNING_TIMEOUT_MS = 120_000;

const keyOf = (object: KubeObject) => ({
  apiVersion: object.apiVersion,
  kind: object.kind,
  name: object.metadata.name,
  ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}),
});

async function withStatus(client: KubeClient, example: SeedExample): Promise<KubeObject> {
  return await eventually(
    `a status on ${example.id}`,
    async () => {
      const stored = await client.get<KubeObject>(keyOf(example.object));
      return typeof stored.status?.status === 'string' ? stored : undefined;
    },
    { timeoutMs: STATUS_TIMEOUT_MS, intervalMs: 500 },
  );
}

/**
 * The functions read the stored object with its kind's schema; a spec they cannot read is reported
 * as InvalidSpec naming the field (`spec.<path>: …`). Other InvalidSpec outcomes are documented
 * behaviour (e.g. two models with one image make `model.image` ambiguous, Services page).
 */
const getsStatus: Outcome = {
  what: 'is read by its function (parses, gets a status, no spec field rejected)',
  async check(client, example) {
    const stored = await withStatus(client, example);
    const parsed = aimKind(stored.kind)?.schema.safeParse(stored);
    if (parsed && !parsed.success) throw new Error(`does not parse: ${JSON.stringify(parsed.error.issues)}`);
    const rejected = list(stored.status?.conditions).filter((c) => {
      const { reason, message } = plain(c);
      return reason === 'InvalidSpec' && typeof message === 'string' && message.startsWith('spec.');
    });
    if (rejected.length > 0) throw new Error(`spec rejected: ${JSON.stringify(rejected)}`);
  },
};

/** Models page: "Creates AIMServiceTemplates for each recommended deployment". */
const templatesPerDeployment = (count: number): Outcome => ({
  what: `creates ${count} template(s) from the recommended deployments`,
  async check(client, example) {
    const { object } = example;
    const kind = TEMPLATE_KIND_OF_MODEL[object.kind] ?? '';
    await eventually(`${count} templates of ${example.id}`, async () => {
      const templates = await client.list(
        { apiVersion: object.apiVersion, kind },
        {
          labelSelector: `${LABELS.model}=${object.metadata.name}`,
          ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}),
        },
      );
      return templates.items.length === count || undefined;
    });
  },
});

/**
 * Models page, status table: "Ready: all templates are ready", "NotAvailable: required hardware
 * not available in cluster". A model whose metadata is given needs no registry, so its templates
 * are discovered on the simulated cluster and the model settles on one of the two.
 */
const settlesWithTemplates: Outcome = {
  what: 'turns Ready (or NotAvailable) with its templates',
  async check(client, example) {
    await eventually(
      `${example.id} Ready or NotAvailable`,
      async () => {
        const status = (await client.get<KubeObject>(keyOf(example.object))).status?.status;
        return status === 'Ready' || status === 'NotAvailable' || undefined;
      },
      { timeoutMs: RUNNING_TIMEOUT_MS, intervalMs: 1_000 },
    );
  },
};

/** Models page: explicit model sources instead of auto-discovery (a custom model). */
const customModel: Outcome = {
  what: 'becomes a custom model (status.sourceType Custom)',
  async check(client, example) {
    await eventually(`sourceType Custom on ${example.id}`, async () => {
      const stored = await client.get<KubeObject>(keyOf(example.object));
      return stored.status?.sourceType === 'Custom' || undefined;
    });
  },
};

/** Templates page: static sources skip discovery and are copied to status.modelSources. */
const staticSources = (written: Plain[]): Outcome => ({
  what: 'uses its static model sources: copied to status, InlineModelSources, no discovery job',
  async check(client, example) {
    const stored = await eventually(`InlineModelSources on ${example.id}`, async () => {
      const current = await client.get<KubeObject>(keyOf(example.object));
      return hasCondition(current, 'Discovered', 'True', 'InlineModelSources') ? current : undefined;
    });
    const copied = list(stored.status?.modelSources).map((source) => {
      const { sourceUri, size } = plain(source);
      return { sourceUri, size };
    });
    const expected = written.map((source) => ({
      sourceUri: source.sourceUri ?? source.sourceURI,
      size: source.size,
    }));
    if (JSON.stringify(copied) !== JSON.stringify(expected)) {
      throw new Error(`status.modelSources ${JSON.stringify(copied)}, written ${JSON.stringify(expected)}`);
    }
    const namespace = example.object.metadata.namespace ?? 'aim-system';
    const jobs = await client.list(
      { apiVersion: 'batch/v1', kind: 'Job' },
      { namespace, labelSelector: discoveryJobSelector(example.object.metadata.name) },
    );
    if (jobs.items.length > 0) throw new Error(`discovery jobs exist: ${jobs.items.length}`);
  },
});

/**
 * Reasons a service gives when the documents' world lacks what an example refers to: many
 * examples are fragments that name a template, a runtime config or a secret defined nowhere, or a
 * model two other examples define under the same image.
 */
const MISSING_IN_THE_DOCUMENTS = new Set([
  'TemplateNotFound',
  'ModelNotFound',
  'ModelAmbiguous',
  'ConfigNotFound',
  'ReferenceNotFound',
  'SecretNotFound',
]);

/**
 * Services page: "Running: serving traffic". The documents' images are served by the local
 * registry (seed-registry.ts), so a service runs unless its example refers to something no
 * document defines; then one of its conditions must say so, with one of the reasons above and a
 * message naming what is missing. A service stuck without such an answer fails the test.
 */
const runsOrSaysWhyNot: Outcome = {
  what: 'reaches Running, or names what the documents do not define',
  async check(client, example) {
    const verdict = (stored: KubeObject) => {
      if (stored.status?.status === 'Running') return 'running';
      const conditions = (stored.status?.conditions ?? []) as {
        status: string;
        reason: string;
        message?: string;
      }[];
      const named = conditions.some(
        (c) => c.status === 'False' && MISSING_IN_THE_DOCUMENTS.has(c.reason) && (c.message ?? '') !== '',
      );
      return named ? 'missing' : undefined;
    };
    await eventually(
      `${example.id} Running, or naming what is missing`,
      async () => verdict(await client.get<KubeObject>(keyOf(example.object))),
      { timeoutMs: RUNNING_TIMEOUT_MS, intervalMs: 1_000 },
    ).catch(async (err: Error) => {
      const stored = await client.get<KubeObject>(keyOf(example.object));
      const conditions = (stored.status?.conditions ?? []) as {
        type: string;
        status: string;
        reason: string;
      }[];
      const summary = conditions.map((c) => `${c.type}=${c.status}/${c.reason}`).join(' ');
      throw new Error(`${err.message}: status ${stored.status?.status}; ${summary}`);
    });
  },
};

export function documentedOutcomes(example: SeedExample): Outcome[] {
  const { object } = example;
  if (example.origin === 'foreign' || !RECONCILED.has(object.kind)) return [];
  const spec = plain(object.spec);
  const outcomes: Outcome[] = [getsStatus];
  if (object.kind in TEMPLATE_KIND_OF_MODEL) {
    const deployments = list(plain(plain(spec.imageMetadata).model).recommendedDeployments);
    const discovery = plain(spec.discovery);
    const creates = discovery.createServiceTemplates !== false && discovery.createTemplates !== false;
    if (deployments.length > 0 && creates) {
      outcomes.push(templatesPerDeployment(deployments.length), settlesWithTemplates);
    }
    if (list(spec.modelSources).length > 0) outcomes.push(customModel);
  }
  if (object.kind.endsWith('ServiceTemplate') && list(spec.modelSources).length > 0)
    outcomes.push(staticSources(list(spec.modelSources).map(plain)));
  if (object.kind === 'AIMService') outcomes.push(runsOrSaysWhyNot);
  return outcomes;
}
