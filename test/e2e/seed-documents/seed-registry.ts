/**
 * The documents' images, served by a real local registry under their own names: every image an
 * AIMModel or AIMClusterModel example names is pushed with AIM labels, and model-inspect reaches
 * the registry through `AIM_REGISTRY_MIRRORS` (shared/registry/mirrors.ts), as an air-gapped
 * cluster reaches its mirror. Registries a document presents as private keep no mirror: their
 * examples are about credentials the documents' world does not have.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRY_MIRRORS_ENV } from '../../../shared/registry/mirrors.ts';
import { parseRegistryReference } from '../../../shared/registry/reference.ts';
import { type LocalRegistry, startLocalRegistry } from '../../registry/local-registry.ts';
import { pushImage } from '../../registry/push-image.ts';
import type { SeedExample } from './seed-examples.ts';

const MODEL_KINDS = new Set(['AIMModel', 'AIMClusterModel']);
const PRIVATE = /private|internal/;

/** Labels of an AIM image: what the model is and the deployments its makers recommend. */
function aimLabels(repository: string): Record<string, string> {
  const name = repository.split('/').at(-1) ?? repository;
  return {
    'com.amd.aim.model.canonicalName': `amd/${name}`,
    'com.amd.aim.model.source': `hf://amd/${name}`,
    'com.amd.aim.model.recommendedDeployments': JSON.stringify([
      { gpuModel: 'MI300X', gpuCount: 1, precision: 'fp16', metric: 'latency' },
      { gpuModel: 'MI300X', gpuCount: 1, precision: 'fp8', metric: 'throughput' },
    ]),
    'org.opencontainers.image.title': name,
  };
}

export interface SeedRegistry {
  registry: LocalRegistry;
  /** Environment for model-inspect: the documents' public registries mirrored to this one. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startSeedRegistry(examples: readonly SeedExample[]): Promise<SeedRegistry> {
  const registry = await startLocalRegistry({ dir: mkdtempSync(join(tmpdir(), 'aim-seed-registry-')) });
  const domains = new Set<string>();
  const pushed = new Set<string>();
  for (const example of examples) {
    const image = example.object.spec?.image;
    if (!MODEL_KINDS.has(example.object.kind) || typeof image !== 'string') continue;
    const ref = parseRegistryReference(image);
    if (PRIVATE.test(ref.domain) || pushed.has(image)) continue;
    await pushImage(registry, ref.repository, ref.tag ?? 'latest', aimLabels(ref.repository));
    pushed.add(image);
    domains.add(ref.domain);
  }
  const mirrors = [...domains].map((domain) => `${domain}=${registry.host}`).join(',');
  return { registry, env: { [REGISTRY_MIRRORS_ENV]: mirrors }, stop: () => registry.stop() };
}

/** A roomier simulated cluster than the default two nodes of 8 GPUs. */
export const SEED_NODES = [
  { name: 'sim-mi300x-0', labels: { 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.vram': '192G' } },
  { name: 'sim-mi325x-0', labels: { 'amd.com/gpu.device-id': '74a5', 'amd.com/gpu.vram': '256G' } },
].map((node) => ({ ...node, capacity: { 'amd.com/gpu': '64', cpu: '2048', memory: '16Ti', pods: '500' } }));
