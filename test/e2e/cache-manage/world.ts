/** Objects and probes for the cache-manage end-to-end tests (only cache-manage runs). */
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

export { conditionOf, hasCondition } from '../support/conditions.ts';

export const AIM = 'aim.eai.amd.com/v1alpha1';
const TEST_MANAGER = 'e2e-cache-manage';

export async function namespace(client: KubeClient, name: string): Promise<void> {
  await client.apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
    { fieldManager: TEST_MANAGER },
  );
}

/**
 * A template as template-discover would leave it: Ready with model sources. Paused, so nothing
 * else ever writes it.
 */
export async function readyTemplate(
  client: KubeClient,
  ns: string,
  name: string,
  modelSources: Record<string, unknown>[],
): Promise<void> {
  await client.apply(
    {
      apiVersion: AIM,
      kind: 'AIMServiceTemplate',
      metadata: { name, namespace: ns, annotations: { 'aim.eai.amd.com/reconciliation-paused': 'true' } },
      spec: { modelName: 'model' },
    },
    { fieldManager: TEST_MANAGER },
  );
  await client.applyStatus(
    {
      apiVersion: AIM,
      kind: 'AIMServiceTemplate',
      metadata: { name, namespace: ns },
      status: {
        status: 'Ready',
        modelSources,
        conditions: [
          {
            type: 'Ready',
            status: 'True',
            reason: 'AllComponentsReady',
            message: 'All components are ready',
            lastTransitionTime: new Date().toISOString(),
          },
        ],
      },
    },
    { fieldManager: 'e2e-template-discover', force: true },
  );
}

/** A service, and its `status.resolvedTemplate` as service-resolve would write it (own field manager). */
export async function resolvedService(
  client: KubeClient,
  ns: string,
  name: string,
  template: string,
  mode?: string,
): Promise<KubeObject> {
  const created = await client.apply(
    {
      apiVersion: AIM,
      kind: 'AIMService',
      metadata: { name, namespace: ns },
      spec: {
        model: { name: 'model' },
        template: { name: template },
        ...(mode ? { caching: { mode } } : {}),
      },
    },
    { fieldManager: TEST_MANAGER },
  );
  await client.applyStatus(
    {
      apiVersion: AIM,
      kind: 'AIMService',
      metadata: { name, namespace: ns },
      status: { resolvedTemplate: { name: template, namespace: ns, scope: 'Namespace' } },
    },
    { fieldManager: 'e2e-service-resolve', force: true },
  );
  return created;
}

export async function artifact(
  client: KubeClient,
  ns: string,
  name: string,
  spec: Record<string, unknown>,
): Promise<void> {
  await client.apply(
    { apiVersion: AIM, kind: 'AIMArtifact', metadata: { name, namespace: ns }, spec },
    { fieldManager: TEST_MANAGER },
  );
}

export function get(
  client: KubeClient,
  kind: string,
  ns: string,
  name: string,
): Promise<KubeObject | undefined> {
  return client.getOptional({ apiVersion: AIM, kind, namespace: ns, name });
}

export async function listed(
  client: KubeClient,
  apiVersion: string,
  kind: string,
  ns: string,
  labelSelector?: string,
) {
  return (
    await client.list({ apiVersion, kind }, { namespace: ns, ...(labelSelector ? { labelSelector } : {}) })
  ).items;
}

/** The core/v1 Events recorded about an object. */
export async function eventsAbout(client: KubeClient, ns: string, name: string): Promise<KubeObject[]> {
  return listed(client, 'v1', 'Event', ns).then((events) =>
    events.filter((event) => (event.involvedObject as { name?: string } | undefined)?.name === name),
  );
}

export function reasons(events: readonly KubeObject[]): string[] {
  return events.map((event) => String(event.reason));
}
