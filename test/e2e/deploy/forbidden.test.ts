import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions as modelInspect } from '../../../functions/model-inspect/permissions.ts';
import {
  type LocalPlatform,
  SYSTEM_NAMESPACE,
  startLocalPlatform,
} from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import type { FunctionPermissions } from '../../../shared/rbac/permission.ts';
import { functionRoleObjects, functionServiceAccountName } from '../../../shared/rbac/role-objects.ts';
import { eventually } from '../support/wait.ts';
import { RawApi } from './raw-api.ts';
import { waitUntilRbacInEffect } from './rbac-in-effect.ts';
import { writeServiceAccountKubeconfig } from './service-account-kubeconfig.ts';

/**
 * A function whose role lacks a permission its code needs: model-inspect without `list` on
 * AIMServiceTemplates. The refusal is reported where an operator looks — the model's conditions
 * (the component that needed it says Forbidden, AuthValid=False) and the function's log — and the
 * function keeps serving.
 */
const AIM = 'aim.eai.amd.com/v1alpha1';
const NS = 'team-forbidden';

function withoutListOfTemplates(declared: FunctionPermissions): FunctionPermissions {
  return {
    ...declared,
    permissions: declared.permissions.map((permission) =>
      permission.resource === 'aimservicetemplates'
        ? { ...permission, verbs: permission.verbs.filter((verb) => verb !== 'list') }
        : permission,
    ),
  };
}

const model: KubeObject = {
  apiVersion: AIM,
  kind: 'AIMModel',
  metadata: { name: 'air-gapped', namespace: NS },
  spec: {
    image: 'offline.example/org/model:1',
    imageMetadata: {
      model: { canonicalName: 'org/model', recommendedDeployments: [{ gpuModel: 'MI300X', gpuCount: 1 }] },
    },
  },
};

type Condition = { type: string; status: string; reason: string; message: string };

describe('a function denied a permission it needs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aim-e2e-forbidden-'));
  const kubeconfig = join(dir, 'model-inspect.kubeconfig');
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await startLocalPlatform({
      dir: join(dir, 'cluster'),
      log: () => {},
      functions: ['model-inspect'],
      // The model exists before the function starts: its initial resync reconciles it.
      eventing: false,
      functionKubeconfigs: { 'model-inspect': kubeconfig },
      beforeFunctions: async (client, controlPlane) => {
        const api = new RawApi(controlPlane.kubeconfigPath);
        const { serviceAccount, roles } = functionRoleObjects(
          withoutListOfTemplates(modelInspect),
          SYSTEM_NAMESPACE,
        );
        const rbac = [serviceAccount, ...roles.flatMap(({ role, binding }) => [role, binding])];
        for (const object of rbac) await api.apply(object, { fieldManager: 'aim-install' });
        // Only the withheld permission may be refused, not one the authorizer has yet to see.
        await waitUntilRbacInEffect(api, rbac);
        await writeServiceAccountKubeconfig(
          api,
          controlPlane,
          { namespace: SYSTEM_NAMESPACE, name: functionServiceAccountName('model-inspect') },
          kubeconfig,
        );
        await client.apply(
          { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
          { fieldManager: 'e2e' },
        );
        await client.apply(model, { fieldManager: 'e2e', force: true });
      },
    });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('says Forbidden in the model’s conditions: the component that needed it, and AuthValid', async () => {
    const conditions = await eventually(
      'the model’s templates condition',
      async () => {
        const stored = await platform.client.get({
          apiVersion: AIM,
          kind: 'AIMModel',
          namespace: NS,
          name: 'air-gapped',
        });
        const list = (stored.status?.conditions ?? []) as Condition[];
        return list.some((condition) => condition.type === 'ServiceTemplatesReady') ? list : undefined;
      },
      { timeoutMs: 60_000 },
    );
    const templates = conditions.find((condition) => condition.type === 'ServiceTemplatesReady');
    expect(templates).toMatchObject({ status: 'False', reason: 'Forbidden' });
    expect(templates?.message).toContain(
      'cannot list resource "aimservicetemplates" in API group "aim.eai.amd.com"',
    );
    expect(templates?.message).toContain('system:serviceaccount:aim-system:aim-model-inspect');
    expect(conditions.find((condition) => condition.type === 'AuthValid')).toMatchObject({ status: 'False' });
  });

  it('logs the refusal and keeps serving', async () => {
    const fn = platform.functions[0];
    expect(fn?.name).toBe('model-inspect');
    expect((await fetch(`${fn?.url}/health/liveness`)).ok).toBe(true);
    // The refusal is logged right after the status write the first test waited for: poll for it.
    const refusal = /forbidden.*cannot list resource \\"aimservicetemplates\\"/i;
    const log = await eventually('the refusal in the function log', async () => {
      const text = readFileSync(join(dir, 'cluster', 'logs', 'model-inspect.log'), 'utf8');
      return refusal.test(text) ? text : undefined;
    });
    expect(log).toMatch(refusal);
  });
});
