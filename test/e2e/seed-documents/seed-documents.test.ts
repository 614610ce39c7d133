import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { writeSimulatorRules } from '../../../local/simulator/rules-configmap.ts';
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { skippedLine } from '../../support/shared-folder.ts';
import { conditionOf } from '../support/conditions.ts';
import { platformForTest, withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { documentedOutcomes } from './documented-outcomes.ts';
import { SEEDS_VARIABLE, type SeedExample, seedCatalog, seedsFolder } from './seed-examples.ts';
import { SEED_NODES, type SeedRegistry, startSeedRegistry } from './seed-registry.ts';

/*
 * The product documents are the contract: every YAML example in ../shared/seeds, read from the
 * Markdown at test time, is applied on the whole local platform in document order the way a user
 * would (server-side apply, which rejects unknown fields), must be accepted and stored exactly as
 * written, and must then do what the documents say (documented-outcomes.ts). A new example in a
 * document becomes a new case here without any change to this file.
 */
const FIELD_MANAGER = 'kubectl';
const folder = seedsFolder();
if (!folder.available)
  process.stderr.write(skippedLine('seed-documents', folder, SEEDS_VARIABLE, 'product documents'));
const catalog = folder.available ? seedCatalog(folder.dir) : { examples: [], skipped: [] };
const outcomeCases = catalog.examples.flatMap((example) =>
  documentedOutcomes(example).map((outcome) => ({ name: `${example.id} ${outcome.what}`, example, outcome })),
);

type Plain = Record<string, unknown>;

/** Every field the user wrote is stored with the same value (defaults may add fields). */
function writtenFieldsKept(written: unknown, stored: unknown, path = 'spec'): string[] {
  if (Array.isArray(written)) {
    if (!Array.isArray(stored) || stored.length !== written.length)
      return [`${path}: ${JSON.stringify(stored)}`];
    return written.flatMap((item, index) => writtenFieldsKept(item, stored[index], `${path}[${index}]`));
  }
  if (typeof written === 'object' && written !== null) {
    if (typeof stored !== 'object' || stored === null) return [`${path}: ${JSON.stringify(stored)}`];
    return Object.entries(written).flatMap(([key, value]) =>
      writtenFieldsKept(value, (stored as Plain)[key], `${path}.${key}`),
    );
  }
  return written === stored
    ? []
    : [`${path}: wrote ${JSON.stringify(written)}, stored ${JSON.stringify(stored)}`];
}

describe.skipIf(!folder.available)('the seed documents on the whole local platform', () => {
  let platform: LocalPlatform;
  let seedRegistry: SeedRegistry | undefined;
  const applied = new Map<string, { stored?: KubeObject; error?: string }>();

  beforeAll(async () => {
    seedRegistry = await startSeedRegistry(catalog.examples);
    platform = await platformForTest('seed-documents', {
      resyncIntervalMs: 5_000,
      simulator: withSimulator,
      functionEnv: seedRegistry.env,
    });
    const client = platform.client;
    // Room for every example at once: the documents say nothing of the cluster's size.
    await writeSimulatorRules(client, { nodes: { items: SEED_NODES } });
    // The documents assume their namespaces exist (`kubectl create namespace ml-team`).
    const namespaces = new Set(catalog.examples.map((e) => e.object.metadata.namespace).filter(Boolean));
    for (const name of namespaces)
      await client.apply(
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: name as string } },
        {
          fieldManager: FIELD_MANAGER,
          force: true,
        },
      );
    for (const example of catalog.examples) {
      try {
        const stored = await client.apply<KubeObject>(example.object, {
          fieldManager: FIELD_MANAGER,
          dryRun: example.origin === 'foreign',
        });
        applied.set(example.id, { stored });
      } catch (err) {
        applied.set(example.id, { error: (err as Error).message.slice(0, 600) });
      }
    }
  });

  afterAll(async () => {
    await platform?.stop();
    await seedRegistry?.stop();
  });

  it('finds examples in every seed document that has YAML, and says why it skips a block', () => {
    expect(catalog.examples.length).toBeGreaterThan(0);
    for (const skipped of catalog.skipped) expect(skipped.reason, skipped.id).not.toBe('');
  });

  it.each(catalog.examples.map((example) => [example.id, example] as [string, SeedExample]))(
    '%s is accepted and stored as written',
    (_id, example) => {
      const outcome = applied.get(example.id);
      expect(outcome?.error, `${example.object.kind} ${example.object.metadata.name}`).toBeUndefined();
      expect(outcome?.stored?.metadata.name).toBe(example.object.metadata.name);
      expect(writtenFieldsKept(example.object.spec ?? {}, outcome?.stored?.spec ?? {})).toEqual([]);
    },
  );

  it.each(outcomeCases.map((c) => [c.name, c] as [string, (typeof outcomeCases)[number]]))(
    '%s',
    async (_name, { example, outcome }) => {
      await outcome.check(platform.client, example);
    },
    240_000,
  );

  it('reports a caching value the API server cannot check (free-form), naming the field', async () => {
    const key = {
      apiVersion: AIM_API_VERSION,
      kind: 'AIMService',
      namespace: 'ml-team',
      name: 'caching-typo',
    };
    const service = {
      apiVersion: key.apiVersion,
      kind: key.kind,
      metadata: { name: key.name, namespace: key.namespace },
      spec: { model: { name: 'llama-3-8b' }, caching: 'Sometimes' },
    };
    await platform.client.apply(service, { fieldManager: FIELD_MANAGER });
    const condition = await eventually('ConfigValid=False on the service', async () =>
      conditionOf(await platform.client.get<KubeObject>(key), 'ConfigValid'),
    );
    expect(condition).toMatchObject({ status: 'False', reason: 'InvalidSpec' });
    expect(condition.message).toMatch(
      /^spec\.caching: must be a mode \(Dedicated, Shared, Auto, Always, Never\)/,
    );
  });

  it.each([
    [
      'AIMService',
      { model: { name: 'm' }, overrides: { gpuSelector: {}, hardware: { gpu: {} } } },
      /two forms of one override/,
    ],
    [
      'AIMServiceTemplate',
      { modelName: 'm', modelSources: [{ sourceUri: 'hf://a/b', sourceURI: 'hf://a/b' }] },
      /exactly one of sourceUri or sourceURI/,
    ],
    [
      'AIMModel',
      { image: 'x', discovery: { createTemplates: false, createServiceTemplates: true } },
      /are one setting/,
    ],
    ['AIMService', { model: { name: 'm' }, overrides: { gpuSelecter: { model: 'MI300X' } } }, /gpuSelecter/],
  ])('the API server rejects a %s that mixes two forms or misspells one', async (kind, spec, message) => {
    const object = {
      apiVersion: AIM_API_VERSION,
      kind,
      metadata: { name: 'conflict', namespace: 'ml-team' },
      spec,
    };
    await expect(
      platform.client.apply(object, { fieldManager: FIELD_MANAGER, dryRun: true }),
    ).rejects.toThrow(message);
  });
});
