import { join } from 'node:path';
import { startSimulator } from '../simulator/simulator.ts';
import type { LocalPlatformOptions } from './local-platform.ts';

/**
 * The cluster simulator on a platform's control plane: fake GPU nodes, scheduler, kubelet,
 * storage, gateway status and downloader; KServe too only when the platform runs it simulated.
 */
export const withSimulator: NonNullable<LocalPlatformOptions['simulator']> = ({
  client,
  controlPlane,
  kserve,
}) =>
  startSimulator({
    client,
    certDir: join(controlPlane.dir, 'pki'),
    kubeconfigPath: controlPlane.kubeconfigPath,
    playsKServe: kserve === 'simulated',
  });
