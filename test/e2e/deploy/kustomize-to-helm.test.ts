import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { type KubectlRun, kubectl } from './crd-takeover.ts';
import { dryRunPlatform, INSTALL_PREREQUISITE_CRDS } from './dry-run.ts';
import {
  CHART_DIR,
  HELM_OWNERSHIP_ANNOTATIONS,
  HELM_OWNERSHIP_LABEL,
  helmInstall,
  helmOn,
  RELEASE_NAME,
  RELEASE_NAMESPACE,
} from './helm-chart.ts';
import { kustomizeYaml, REPO_ROOT } from './rendered-manifests.ts';

/**
 * docs/install.md "From kustomize to Helm", run as written with the real kubectl and helm: an
 * install made with `kubectl apply -k manifests/` becomes the Helm release `aim-engine` in place.
 * Helm refuses it before the two documented commands and adopts it after; every object keeps its
 * uid (no Knative Service, event source or role is deleted and made again, so no event source
 * stops and no function loses its permissions), and the release then upgrades like any other.
 */
/** `kind/name=uid` of every object the file names, as the API server has them now. */
function uids(platform: LocalPlatform, file: string): string[] {
  const template = '{range .items[*]}{.kind}/{.metadata.name}={.metadata.uid}{"\\n"}{end}';
  const got = ok(kubectl(platform.controlPlane, ['get', '-f', file, '-o', `jsonpath=${template}`]));
  return got.stdout.split('\n').filter(Boolean).sort();
}

function ok(run: KubectlRun): KubectlRun {
  if (run.status !== 0) throw new Error(`exit ${run.status}: ${run.stderr}`);
  return run;
}

describe('moving a kustomize install to Helm', () => {
  let platform: LocalPlatform;
  let file: string;

  beforeAll(async () => {
    ({ platform } = await dryRunPlatform('kustomize-to-helm', INSTALL_PREREQUISITE_CRDS));
    // The tree the cluster was installed from, as docs/install.md has the user write it out.
    file = join(mkdtempSync(join(tmpdir(), 'aim-kustomize-to-helm-')), 'aim-engine.yaml');
    writeFileSync(file, kustomizeYaml('manifests'));
  }, 300_000);

  afterAll(async () => {
    await platform?.stop();
  });

  it('adopts every object in place: refused before the two commands, installed after, no uid changed', () => {
    ok(
      kubectl(platform.controlPlane, [
        ...['apply', '--server-side', '--force-conflicts', '-k', join(REPO_ROOT, 'manifests')],
      ]),
    );
    const before = uids(platform, file);
    expect(before.length).toBeGreaterThan(40);

    const refused = helmInstall(platform.controlPlane);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('invalid ownership metadata');

    ok(kubectl(platform.controlPlane, ['label', '--overwrite', '-f', file, HELM_OWNERSHIP_LABEL]));
    ok(
      kubectl(platform.controlPlane, ['annotate', '--overwrite', '-f', file, ...HELM_OWNERSHIP_ANNOTATIONS]),
    );
    const adopted = helmInstall(platform.controlPlane);
    expect(adopted.stderr).toBe('');
    expect(adopted.status).toBe(0);

    expect(uids(platform, file)).toEqual(before);
    // The release holds every object of the install but the namespace, which it does not own.
    const manifest = helmOn(platform.controlPlane, [
      ...['get', 'manifest', RELEASE_NAME, '--namespace', RELEASE_NAMESPACE],
    ]);
    const released = manifest.stdout.split('\n').filter((line) => line.startsWith('kind: ')).length;
    expect(released).toBe(before.filter((entry) => !entry.startsWith('Namespace/')).length);
    const chartLabel = ok(
      kubectl(platform.controlPlane, [
        ...['get', 'configmap', 'aim-engine-config', '-n', RELEASE_NAMESPACE],
        ...['-o', 'jsonpath={.metadata.labels.helm\\.sh/chart}'],
      ]),
    );
    expect(chartLabel.stdout).toMatch(/^aim-engine-/);
  });

  it('then upgrades as a release: a value reaches its object, still with no uid changed', () => {
    const before = uids(platform, file);
    const upgraded = helmOn(platform.controlPlane, [
      ...['upgrade', RELEASE_NAME, CHART_DIR, '--namespace', RELEASE_NAMESPACE, '--reuse-values'],
      ...['--set', 'functionDefaults.minScale=1'],
    ]);
    expect(upgraded.stderr).toBe('');
    expect(upgraded.status).toBe(0);
    const minScale = ok(
      kubectl(platform.controlPlane, [
        ...['get', 'services.serving.knative.dev', 'isvc-render', '-n', RELEASE_NAMESPACE],
        ...['-o', "jsonpath={.spec.template.metadata.annotations['autoscaling\\.knative\\.dev/min-scale']}"],
      ]),
    );
    expect(minScale.stdout).toBe('1');
    expect(uids(platform, file)).toEqual(before);
  });
});
