/**
 * `npm run bench -- model-inspect [--models 500] [--images 500]`
 *
 * The AIMModel reconciler in-process against the in-memory Kubernetes client (FakeKubeClient,
 * counting API requests) and a REAL local registry (Debian's docker-registry on 127.0.0.1, once
 * anonymous, once behind htpasswd Basic auth). All models live in one namespace; each image
 * carries two recommended deployments, so every model generates two templates.
 *
 * Per run: a cold pass (no metadata in status: registry reads), a second pass (metadata in status,
 * templates listed), a steady-state pass (nothing to change). Reported: API and registry requests
 * per reconcile, registry requests per new image, p50/p95 reconcile time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { AIM_API_VERSION } from '../../shared/api/group.ts';
import { InspectionCache } from '../../shared/models/inspection-cache.ts';
import { createModelReconcilers } from '../../shared/models/model-reconciler.ts';
import { reconcileObject } from '../../shared/reconcile/pipeline.ts';
import type { ReconcileContext } from '../../shared/reconcile/reconciler.ts';
import { RegistryClient } from '../../shared/registry/client.ts';
import { totalRequests } from '../../shared/registry/http.ts';
import { type LocalRegistry, startLocalRegistry } from '../../test/registry/local-registry.ts';
import { pushImage } from '../../test/registry/push-image.ts';
import { FakeKubeClient } from '../../test/support/fake-kube.ts';

const { values } = parseArgs({
  options: { models: { type: 'string', default: '500' }, images: { type: 'string', default: '' } },
});
const MODELS = Number(values.models);
const IMAGES = Number(values.images || values.models);
const NS = 'bench';
const USER = { username: 'bench', password: 'bench-password' };

const LABELS = (i: number) => ({
  'com.amd.aim.model.canonicalName': `bench/model-${i}`,
  'com.amd.aim.model.recommendedDeployments': JSON.stringify([
    { gpuModel: 'MI300X', gpuCount: 1, precision: 'fp8', metric: 'latency' },
    { gpuModel: 'MI325X', gpuCount: 2, precision: 'fp16', metric: 'throughput' },
  ]),
  'org.opencontainers.image.title': `Bench model ${i}`,
});

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface PassResult {
  name: string;
  apiPerReconcile: number;
  registryPerReconcile: number;
  registryByKind: string;
  writes: number;
  p50: number;
  p95: number;
  statuses: string;
}

async function runScenario(registry: LocalRegistry, label: string): Promise<PassResult[]> {
  process.stdout.write(`pushing ${IMAGES} images to ${label} registry ${registry.host} ... `);
  const pushStart = performance.now();
  for (let i = 0; i < IMAGES; i++) await pushImage(registry, `bench/model-${i}`, '1.0', LABELS(i));
  process.stdout.write(`${((performance.now() - pushStart) / 1000).toFixed(1)} s\n`);

  const kube = new FakeKubeClient();
  if (registry.user) {
    const auths = { [registry.host]: { username: registry.user.username, password: registry.user.password } };
    kube.seed({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'regcred', namespace: NS },
      type: 'kubernetes.io/dockerconfigjson',
      data: { '.dockerconfigjson': Buffer.from(JSON.stringify({ auths })).toString('base64') },
    });
  }
  for (let i = 0; i < MODELS; i++) {
    kube.seed({
      apiVersion: AIM_API_VERSION,
      kind: 'AIMModel',
      metadata: { name: `model-${i}`, namespace: NS, generation: 1 },
      spec: {
        image: `${registry.host}/bench/model-${i % IMAGES}:1.0`,
        ...(registry.user ? { imagePullSecrets: [{ name: 'regcred' }] } : {}),
      },
    });
  }
  const registryClient = new RegistryClient();
  const { namespaced } = createModelReconcilers({ inspector: registryClient, cache: new InspectionCache() });
  const ctx: ReconcileContext = {
    client: kube,
    log: { debug() {}, info() {}, warn() {}, error() {} },
    now: () => new Date(),
    fieldManager: 'aim-model-inspect',
    operatorNamespace: 'aim-system',
  };

  const results: PassResult[] = [];
  for (const pass of ['cold (metadata from the registry)', 'second (metadata in status)', 'steady state']) {
    kube.resetCalls();
    const registryBefore = { ...registryClient.counts };
    const durations: number[] = [];
    const statuses = new Map<string, number>();
    for (let i = 0; i < MODELS; i++) {
      const started = performance.now();
      const outcome = await reconcileObject(ctx, namespaced, {
        apiVersion: AIM_API_VERSION,
        kind: 'AIMModel',
        namespace: NS,
        name: `model-${i}`,
      });
      durations.push(performance.now() - started);
      statuses.set(outcome.status ?? '-', (statuses.get(outcome.status ?? '-') ?? 0) + 1);
    }
    durations.sort((a, b) => a - b);
    const counts = registryClient.counts;
    const delta = {
      manifest: counts.manifest - registryBefore.manifest,
      blob: counts.blob - registryBefore.blob,
      token: counts.token - registryBefore.token,
    };
    const writes = kube.calls.filter((call) =>
      ['apply', 'applyStatus', 'create', 'replace', 'mergePatch', 'delete'].includes(call.method),
    ).length;
    results.push({
      name: `${label}: ${pass}`,
      apiPerReconcile: kube.requestCount / MODELS,
      registryPerReconcile: totalRequests(delta) / MODELS,
      registryByKind: `manifest ${delta.manifest}, blob ${delta.blob}, token ${delta.token}`,
      writes,
      p50: percentile(durations, 50),
      p95: percentile(durations, 95),
      statuses: [...statuses].map(([status, count]) => `${status} ${count}`).join(', '),
    });
  }
  return results;
}

const dir = mkdtempSync(join(tmpdir(), 'aim-bench-model-inspect-'));
const registries: LocalRegistry[] = [];
try {
  const open = await startLocalRegistry({ dir: join(dir, 'open') });
  registries.push(open);
  const locked = await startLocalRegistry({ dir: join(dir, 'locked'), user: USER });
  registries.push(locked);
  const results = [...(await runScenario(open, 'anonymous')), ...(await runScenario(locked, 'htpasswd'))];

  process.stdout.write(
    `\nmodel-inspect benchmark — ${MODELS} AIMModels in one namespace, ${IMAGES} distinct images\n` +
      'setup: reconciler in-process, FakeKubeClient (API requests counted), real docker-registry on 127.0.0.1\n\n',
  );
  for (const r of results) {
    process.stdout.write(
      `${r.name}\n` +
        `  API requests / reconcile:      ${r.apiPerReconcile.toFixed(2)} (writes: ${r.writes})\n` +
        `  registry requests / reconcile: ${r.registryPerReconcile.toFixed(2)} (${r.registryByKind})\n` +
        `  reconcile time p50 / p95:      ${r.p50.toFixed(2)} ms / ${r.p95.toFixed(2)} ms\n` +
        `  outcome:                       ${r.statuses}\n`,
    );
  }
  const cold = results.filter((r) => r.name.includes('cold'));
  for (const r of cold) {
    const perImage = (r.registryPerReconcile * MODELS) / IMAGES;
    process.stdout.write(
      `${r.name.split(':')[0]}: registry requests per new image: ${perImage.toFixed(2)}\n`,
    );
  }
  process.stdout.write(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB\n`);
} finally {
  for (const registry of registries) await registry.stop();
  rmSync(dir, { recursive: true, force: true });
}
