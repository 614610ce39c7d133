import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES_DIR } from '../../../local/platform/examples.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { yamlObjects } from '../../../shared/kube/yaml-objects.ts';
import { RawApi } from '../deploy/raw-api.ts';
import { writeServiceAccountKubeconfig } from '../deploy/service-account-kubeconfig.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { jsonOf, kubectlAim } from './run-cli.ts';

/**
 * `kubectl aim` against the whole local platform, run as the real executable with the admin
 * kubeconfig (a user's), on examples/: plan before apply, then what the functions actually create.
 */
const AIM = 'aim.eai.amd.com/v1alpha1';
const NS = 'aim-demo';
const SERVICE_FILE = join(EXAMPLES_DIR, '20-service.yaml');

interface PlanJson {
  model: { outcome: string; name?: string };
  template: { outcome: string; name?: string; selection?: { selected?: string; candidates: unknown[] } };
  cache: { outcome: string; name?: string; artifacts: { name: string; claim: string; exists: boolean }[] };
  inferenceService: { outcome: string; message: string; assumes: string[]; object?: KubeObject };
}

describe('kubectl aim on the local platform', () => {
  let platform: LocalPlatform;
  let env: Record<string, string>;
  let planBefore: PlanJson;

  beforeAll(async () => {
    platform = await platformForTest('kubectl-aim', {
      resyncIntervalMs: 5_000,
      simulator: withSimulator,
    });
    env = { KUBECONFIG: platform.controlPlane.kubeconfigPath };
    for (const file of ['00-namespace.yaml', '10-model.yaml'])
      for (const object of yamlObjects(readFileSync(join(EXAMPLES_DIR, file), 'utf8')))
        await platform.client.apply(object, { fieldManager: 'e2e-kubectl-aim', force: true });
    // Selection must see every template settled, or the plan could pick a template that loses
    // later to one still being discovered.
    await eventually(
      'every template of the example model settled',
      async () => {
        const templates = await platform.client.list(
          { apiVersion: AIM, kind: 'AIMServiceTemplate' },
          { namespace: NS },
        );
        const settled = templates.items.every(
          (t) => !['', 'Pending', 'Progressing'].includes(t.status?.status ?? ''),
        );
        return (
          templates.items.length > 0 && settled && templates.items.some((t) => t.status?.status === 'Ready')
        );
      },
      { timeoutMs: 180_000, intervalMs: 1_000 },
    );
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('wait: returns 0 once the model is Ready', async () => {
    const run = await kubectlAim(
      ['wait', 'model', 'smollm2-135m', '-n', NS, '--for=Ready', '--timeout=2m'],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('AIMModel smollm2-135m: Ready');
  });

  it('plan: resolves model, template and cache and renders the InferenceService, writing nothing', async () => {
    const run = await kubectlAim(['plan', '-f', SERVICE_FILE, '-o', 'json'], env);
    expect(run.code, run.stderr).toBe(0);
    planBefore = jsonOf<PlanJson>(run);
    expect(planBefore.model).toMatchObject({ outcome: 'found', name: 'smollm2-135m' });
    expect(planBefore.template.outcome).toBe('found');
    expect(planBefore.template.selection?.selected).toBe(planBefore.template.name);
    expect(planBefore.template.selection?.candidates.length).toBeGreaterThan(1);
    expect(planBefore.cache.outcome).toBe('create');
    expect(planBefore.cache.artifacts.length).toBeGreaterThan(0);
    expect(planBefore.inferenceService.outcome).toBe('create');
    expect(planBefore.inferenceService.assumes.join()).toContain(planBefore.cache.name);
    // Nothing was written: no service, no cache.
    for (const kind of ['AIMService', 'AIMTemplateCache'])
      expect((await platform.client.list({ apiVersion: AIM, kind }, { namespace: NS })).items).toEqual([]);

    const text = await kubectlAim(['plan', '-f', SERVICE_FILE], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('CANDIDATE');
    expect(text.stdout).toContain('kind: InferenceService');
  });

  it('plan == what the functions then create', async () => {
    for (const object of yamlObjects(readFileSync(SERVICE_FILE, 'utf8')))
      await platform.client.apply(object, { fieldManager: 'e2e-kubectl-aim', force: true });
    const waited = await kubectlAim(
      ['wait', 'service', 'chat', '-n', NS, '--for=Running', '--timeout=4m'],
      env,
    );
    expect(waited.code, waited.stderr).toBe(0);

    const service = await platform.client.get({
      apiVersion: AIM,
      kind: 'AIMService',
      namespace: NS,
      name: 'chat',
    });
    expect(service.status.resolvedTemplate.name).toBe(planBefore.template.name);
    expect(service.status.cache.templateCacheRef.name).toBe(planBefore.cache.name);
    const planned = planBefore.inferenceService.object!;
    const real = await platform.client.get({
      apiVersion: 'serving.kserve.io/v1beta1',
      kind: 'InferenceService',
      namespace: NS,
      name: planned.metadata.name,
    });
    // Claim names come from artifact uids, unknown before the artifacts exist: the plan names
    // the artifact each placeholder stands for; everything else must be identical.
    let plannedText = JSON.stringify(planned.spec);
    for (const artifact of planBefore.cache.artifacts) {
      const created = await platform.client.get({
        apiVersion: AIM,
        kind: 'AIMArtifact',
        namespace: NS,
        name: artifact.name,
      });
      plannedText = plannedText.replaceAll(artifact.claim, created.status.persistentVolumeClaim);
    }
    expect(real.spec).toEqual(JSON.parse(plannedText));
    expect(real.metadata.labels).toMatchObject(planned.metadata.labels ?? {});

    // Planned again now: the existing InferenceService, exactly.
    const again = jsonOf<PlanJson>(await kubectlAim(['plan', '-f', SERVICE_FILE, '-o', 'json'], env));
    expect(again.inferenceService.outcome).toBe('update');
    expect(again.cache.outcome).toBe('use');
    expect(again.inferenceService.object?.spec).toEqual(real.spec);
  });

  it('explain: the chain from the service to its pods, and the time to ready', async () => {
    const run = await kubectlAim(['explain', 'service', 'chat', '-n', NS, '-o', 'json'], env);
    expect(run.code, run.stderr).toBe(0);
    const explanation = jsonOf<{
      root: { status: string };
      chain: { role: string; summary?: { status: string; kind: string } }[];
      timing: { totalMs?: number; steps: { kind: string; tookMs?: number }[] };
    }>(run);
    expect(explanation.root.status).toBe('Running');
    const roles = explanation.chain.map((l) => l.role);
    for (const role of ['service', 'model', 'template', 'cache', 'artifact', 'inferenceservice', 'pod'])
      expect(roles).toContain(role);
    expect(explanation.chain.every((l) => l.summary !== undefined)).toBe(true);
    expect(explanation.timing.totalMs).toBeGreaterThan(0);
    const isvcStep = explanation.timing.steps.find((s) => s.kind === 'InferenceService');
    expect(isvcStep?.tookMs).toBeGreaterThanOrEqual(0);

    const text = await kubectlAim(['explain', 'service', 'chat', '-n', NS], env);
    expect(text.stdout).toMatch(/became ready \S+ after it was created/);
    const model = await kubectlAim(['explain', 'model', 'smollm2-135m', '-n', NS, '-o', 'yaml'], env);
    expect(model.code, model.stderr).toBe(0);
    expect(model.stdout).toContain('role: template');
    expect(model.stdout).toContain('role: service');

    const rolesOf = async (...args: string[]) => {
      const explained = await kubectlAim(['explain', ...args, '-n', NS, '-o', 'json'], env);
      expect(explained.code, explained.stderr).toBe(0);
      return jsonOf<{ chain: { role: string; summary?: { status: string } }[] }>(explained).chain.map(
        (l) => `${l.role}:${l.summary?.status ?? 'missing'}`,
      );
    };
    expect(await rolesOf('template', planBefore.template.name!)).toEqual(
      expect.arrayContaining(['model:Ready', 'template:Ready', 'cache:Ready', 'artifact:Ready']),
    );
    expect(await rolesOf('cache', planBefore.cache.name!)).toEqual([
      'template:Ready',
      'cache:Ready',
      'artifact:Ready',
    ]);
    expect(await rolesOf('artifact', planBefore.cache.artifacts[0]!.name)).toEqual([
      'artifact:Ready',
      'claim:Bound',
    ]);
  });

  it('status: every AIM object in the namespace, or in all of them', async () => {
    const run = await kubectlAim(['status', '-n', NS], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/AIMService\s+aim-demo\/chat\s+Running/);
    const all = jsonOf<{ items: { kind: string; name: string; status: string }[] }>(
      await kubectlAim(['status', '-A', '-o', 'json'], env),
    );
    expect(all.items).toContainEqual(
      expect.objectContaining({ kind: 'AIMModel', name: 'aim-demo/smollm2-135m', status: 'Ready' }),
    );
    const other = jsonOf<{ items: unknown[] }>(
      await kubectlAim(['status', '-n', 'default', '-o', 'json'], env),
    );
    expect(other.items).toEqual([]);
  });

  it('plan and wait say what blocks a service whose model does not exist', async () => {
    const file = join(platform.controlPlane.dir, 'ghost.yaml');
    const ghost = {
      apiVersion: AIM,
      kind: 'AIMService',
      metadata: { name: 'ghost', namespace: NS },
      spec: { model: { name: 'no-such-model' } },
    };
    writeFileSync(file, JSON.stringify(ghost));
    const plan = await kubectlAim(['plan', '-f', file, '-o', 'json'], env);
    expect(plan.code).toBe(1);
    expect(jsonOf<PlanJson>(plan).model.outcome).toBe('error');
    expect(plan.stdout).toContain('model \\"no-such-model\\" not found');

    await platform.client.apply(ghost, { fieldManager: 'e2e-kubectl-aim', force: true });
    const reported = await kubectlAim(
      ['wait', 'service', 'ghost', '-n', NS, '--for=condition=ModelReady=False', '--timeout=90s'],
      env,
    );
    expect(reported.code, reported.stderr).toBe(0);
    const wait = await kubectlAim(
      ['wait', 'service', 'ghost', '-n', NS, '--for=Running', '--timeout=2s'],
      env,
    );
    expect(wait.code).toBe(1);
    expect(wait.stderr).toContain('ModelNotFound');
  });

  it('says clearly when there is no kubeconfig, or the namespace is forbidden', async () => {
    const none = await kubectlAim(['status'], { KUBECONFIG: join(platform.controlPlane.dir, 'missing') });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no kubeconfig found');

    await platform.client.apply(
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'nobody', namespace: NS } },
      { fieldManager: 'e2e-kubectl-aim', force: true },
    );
    const kubeconfig = await writeServiceAccountKubeconfig(
      new RawApi(platform.controlPlane.kubeconfigPath),
      platform.controlPlane,
      { namespace: NS, name: 'nobody' },
      join(platform.controlPlane.dir, 'nobody.kubeconfig'),
    );
    const forbidden = await kubectlAim(['status', '-n', NS], { KUBECONFIG: kubeconfig });
    expect(forbidden.code).toBe(1);
    expect(forbidden.stderr).toContain(`list aimservices in namespace ${NS}: forbidden`);
  });
});
