import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { KubeClient } from '../../shared/kube/types.ts';
import type { ControlPlane } from '../control-plane/control-plane.ts';
import { freeLoopbackPorts } from '../control-plane/ports.ts';
import { startProcess, waitFor } from '../control-plane/processes.ts';
import { inferenceServiceConfig, KSERVE_NAMESPACE } from './inferenceservice-config.ts';
import { makeWebhookCerts } from './webhook-certs.ts';
import { webhookConfigurations } from './webhook-configurations.ts';

const FIELD_MANAGER = 'aim-local-platform';

export interface KServe {
  stop(): Promise<void>;
}

async function httpStatus(url: string): Promise<number> {
  return await new Promise((resolve, reject) => {
    const req = request(url, { timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * KServe's controller manager, built from its module, as a cluster owner runs it in Standard
 * mode: its `inferenceservice-config` in the `kserve` namespace, the admin's credentials, and its
 * admission webhooks registered with the API server once they answer. The KServe CRDs must be
 * installed before: the manager decides at start which kinds it watches.
 */
export async function startKServe(args: {
  controlPlane: ControlPlane;
  client: KubeClient;
  /** Default `<controlPlane.dir>/kserve`. */
  dir?: string;
  startTimeoutMs?: number;
}): Promise<KServe> {
  const { controlPlane, client } = args;
  const dir = args.dir ?? join(controlPlane.dir, 'kserve');
  // controller-runtime reads its serving certificate from $TMPDIR/k8s-webhook-server/serving-certs.
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp, { recursive: true });
  const certs = makeWebhookCerts(join(tmp, 'k8s-webhook-server'));
  await client.apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: KSERVE_NAMESPACE } },
    { fieldManager: FIELD_MANAGER, force: true },
  );
  await client.apply(inferenceServiceConfig(), { fieldManager: FIELD_MANAGER, force: true });

  const [webhookPort = 0, probePort = 0] = await freeLoopbackPorts(2);
  const process = startProcess(
    'kserve-manager',
    controlPlane.binaries['kserve-manager'],
    [
      '--leader-elect=false',
      // Its webhook server has no host flag and listens on every interface; the port is random
      // and only the API server, on loopback, is told about it.
      `--webhook-port=${webhookPort}`,
      `--health-probe-addr=127.0.0.1:${probePort}`,
      '--metrics-addr=0',
    ],
    {
      logFile: join(controlPlane.dir, 'logs', 'kserve-manager.log'),
      env: {
        PATH: globalThis.process.env.PATH ?? '',
        HOME: globalThis.process.env.HOME ?? '',
        KUBECONFIG: controlPlane.kubeconfigPath,
        POD_NAMESPACE: KSERVE_NAMESPACE,
        TMPDIR: tmp,
      },
    },
  );
  try {
    await waitFor(
      'KServe manager /readyz',
      async () => (await httpStatus(`http://127.0.0.1:${probePort}/readyz`)) === 200,
      {
        timeoutMs: args.startTimeoutMs ?? 60_000,
        process,
      },
    );
    for (const configuration of webhookConfigurations(webhookPort, certs.caPem)) {
      await client.apply(configuration, { fieldManager: FIELD_MANAGER, force: true });
    }
  } catch (err) {
    await process.stop();
    throw err;
  }
  return { stop: () => process.stop() };
}
