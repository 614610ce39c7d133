/** A kubeconfig that authenticates as a ServiceAccount, with a token from the TokenRequest API. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ControlPlane, kubeconfigYaml } from '../../../local/control-plane/control-plane.ts';
import type { RawApi } from './raw-api.ts';

export async function writeServiceAccountKubeconfig(
  api: RawApi,
  controlPlane: Pick<ControlPlane, 'server' | 'dir'>,
  serviceAccount: { namespace: string; name: string },
  path: string,
): Promise<string> {
  const token = await api.serviceAccountToken(serviceAccount.namespace, serviceAccount.name);
  writeFileSync(
    path,
    kubeconfigYaml({
      server: controlPlane.server,
      caFile: join(controlPlane.dir, 'pki', 'apiserver.crt'),
      token,
      user: `system:serviceaccount:${serviceAccount.namespace}:${serviceAccount.name}`,
    }),
    { mode: 0o600 },
  );
  return path;
}
