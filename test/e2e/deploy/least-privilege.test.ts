import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyExamples } from '../../../local/platform/examples.ts';
import { FUNCTION_NAMES, type FunctionName } from '../../../local/platform/functions.ts';
import {
  type LocalPlatform,
  SYSTEM_NAMESPACE,
  startLocalPlatform,
} from '../../../local/platform/local-platform.ts';
import { withSimulator } from '../../../local/platform/with-simulator.ts';
import { createKubeClient } from '../../../shared/kube/client.ts';
import { functionServiceAccountName } from '../../../shared/rbac/role-objects.ts';
import { EVENT_SOURCE_SERVICE_ACCOUNT } from '../../../shared/rbac/shared-roles.ts';
import { exampleServiceRunning } from '../support/wait.ts';
import { helmTemplate } from './helm-chart.ts';
import { RawApi } from './raw-api.ts';
import { waitUntilRbacInEffect } from './rbac-in-effect.ts';
import { renderedManifests } from './rendered-manifests.ts';
import { writeServiceAccountKubeconfig } from './service-account-kubeconfig.ts';

/**
 * Least privilege proven by use, for each install: the ServiceAccounts and roles of `manifests/`
 * (kustomize) or of the Helm chart (`helm template`, default values) are created for real, every function authenticates as its own ServiceAccount (a TokenRequest token) and the
 * ApiServerSource adapters as aim-event-source, and the example service still goes to Running.
 * Nothing any of them did was refused: no function or adapter logged a Forbidden answer.
 */
const _AIM = 'aim.eai.amd.com/v1alpha1';
const RBAC_KINDS = new Set([
  'ServiceAccount',
  'ClusterRole',
  'ClusterRoleBinding',
  'Role',
  'RoleBinding',
  'ConfigMap',
]);

const INSTALLS = [
  { install: 'kustomize', render: () => renderedManifests() },
  { install: 'the Helm chart', render: () => helmTemplate() },
];

describe.each(INSTALLS)('every function as its own ServiceAccount of $install', ({ render }) => {
  const dir = mkdtempSync(join(tmpdir(), 'aim-e2e-least-privilege-'));
  const kubeconfigs = Object.fromEntries(
    FUNCTION_NAMES.map((name) => [name, join(dir, `${name}.kubeconfig`)]),
  ) as Record<FunctionName, string>;
  const adapterKubeconfig = join(dir, 'event-source.kubeconfig');
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await startLocalPlatform({
      dir: join(dir, 'cluster'),
      log: () => {},
      resyncIntervalMs: 5_000,
      functionKubeconfigs: kubeconfigs,
      adapterKubeconfig,
      simulator: withSimulator,
      beforeFunctions: async (_client, controlPlane) => {
        const api = new RawApi(controlPlane.kubeconfigPath);
        const rbac = render().filter((candidate) => RBAC_KINDS.has(candidate.kind));
        for (const object of rbac) await api.apply(object, { fieldManager: 'aim-install' });
        // A refusal is what this test looks for: none may come from roles not yet in effect.
        await waitUntilRbacInEffect(api, rbac);
        for (const name of FUNCTION_NAMES) {
          const serviceAccount = { namespace: SYSTEM_NAMESPACE, name: functionServiceAccountName(name) };
          await writeServiceAccountKubeconfig(api, controlPlane, serviceAccount, kubeconfigs[name]);
        }
        await writeServiceAccountKubeconfig(
          api,
          controlPlane,
          { namespace: SYSTEM_NAMESPACE, name: EVENT_SOURCE_SERVICE_ACCOUNT },
          adapterKubeconfig,
        );
      },
    });
    await applyExamples(platform.client, 'e2e-examples');
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('brings the example service to Running', async () => {
    const service = await exampleServiceRunning(platform.client);
    expect(service.status.resolvedTemplate?.name).toBeTruthy();
    // The download pods reported progress through the RoleBinding cache-manage created as itself.
    const bindings = await platform.client.list(
      { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding' },
      { namespace: 'aim-demo' },
    );
    expect(bindings.items.map((binding) => binding.metadata.name)).toContain(
      'aim-engine-artifact-status-updater',
    );
  });

  it('each function’s credentials are its ServiceAccount’s, and no more', async () => {
    for (const name of FUNCTION_NAMES) {
      const serviceAccount = functionServiceAccountName(name);
      expect(await new RawApi(kubeconfigs[name]).username()).toBe(
        `system:serviceaccount:${SYSTEM_NAMESPACE}:${serviceAccount}`,
      );
      // No function lists Secrets, so none may.
      const client = createKubeClient({ kubeconfigPath: kubeconfigs[name] });
      await expect(client.list({ apiVersion: 'v1', kind: 'Secret' })).rejects.toMatchObject({
        reason: 'Forbidden',
      });
    }
  });

  it('no function and no event source was refused anything', () => {
    const logs = join(dir, 'cluster', 'logs');
    const adapters = readdirSync(logs).filter((file) => file.startsWith('adapter-'));
    expect(adapters.length).toBeGreaterThanOrEqual(2);
    for (const file of [...FUNCTION_NAMES.map((name) => `${name}.log`), ...adapters]) {
      const log = readFileSync(join(logs, file), 'utf8');
      expect(log.length, `${file} is empty`).toBeGreaterThan(0);
      const refused = log.split('\n').filter((line) => /forbidden/i.test(line));
      expect(refused, `${file} shows refusals`).toEqual([]);
    }
  });
});
