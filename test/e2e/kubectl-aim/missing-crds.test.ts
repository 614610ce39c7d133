import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlPlane, startControlPlane } from '../../../local/control-plane/control-plane.ts';
import { kubectlAim } from './run-cli.ts';

/** A bare API server without the AIM CRDs: every command says so instead of failing obscurely. */
describe('kubectl aim on a cluster without the AIM CRDs', () => {
  let controlPlane: ControlPlane;

  beforeAll(async () => {
    controlPlane = await startControlPlane({
      dir: mkdtempSync(join(tmpdir(), 'aim-e2e-no-crds-')),
      controllerManager: false,
    });
  });

  afterAll(async () => {
    await controlPlane?.stop();
  });

  it.each([[['status']], [['explain', 'service', 'chat']], [['wait', 'service', 'chat', '--timeout=1s']]])(
    '%j names the missing CRDs',
    async (args) => {
      const run = await kubectlAim(args, { KUBECONFIG: controlPlane.kubeconfigPath });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('the AIM CRDs (aim.eai.amd.com/v1alpha1) are not installed');
    },
  );

  it('rejects an unknown context', async () => {
    const run = await kubectlAim(['status', '--context', 'nope'], {
      KUBECONFIG: controlPlane.kubeconfigPath,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('context "nope" is not in the kubeconfig');
  });
});
