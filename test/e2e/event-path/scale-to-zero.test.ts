import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeClient } from '../../../shared/kube/types.ts';
import { inlineModel, readyModel } from '../support/inline-model.ts';
import { platformForTest } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';

/**
 * Knative scales an idle function to zero; its activator holds the events that arrive meanwhile,
 * but a delivery can still fail and be dead-lettered. Here every event is lost: the function that
 * comes back has an empty cache and must warm it from LISTs and pick up whatever changed while it
 * was gone — a new object and an edit — with no event for either.
 */
const NS = 'scale-to-zero';
const model = (name: string, canonicalName?: string) => inlineModel(NS, name, canonicalName);
const reconciled = (client: KubeClient, name: string) => readyModel(client, NS, name);

describe('a function scaled to zero', () => {
  let platform: LocalPlatform;

  beforeAll(async () => {
    platform = await platformForTest('scale-to-zero', {
      functions: ['model-inspect'],
      // Long enough that no resync tick can be what picks the changes up.
      resyncIntervalMs: 600_000,
      beforeFunctions: async (client) => {
        await client.apply(
          { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
          { fieldManager: 'e2e' },
        );
      },
    });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('picks up a change made while it was gone when it comes back', async () => {
    const { client } = platform;
    await client.apply(model('before'), { fieldManager: 'e2e' });
    const first = await eventually('the first model reconciled', () => reconciled(client, 'before'));
    expect(first.metadata.generation).toBe(1);

    await platform.scaleToZero('model-inspect', { events: 'lost' });
    await client.apply(model('created-while-down'), { fieldManager: 'e2e' });
    await client.apply(model('before', 'HuggingFaceTB/SmolLM2-360M'), { fieldManager: 'e2e' });
    // Nothing reconciles them meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await reconciled(client, 'created-while-down')).toBeUndefined();
    expect(await reconciled(client, 'before')).toBeUndefined();

    await platform.scaleUp('model-inspect');
    const created = await eventually('the model created while it was gone, reconciled', () =>
      reconciled(client, 'created-while-down'),
    );
    expect(created.status.status).toBe('Ready');
    const edited = await eventually('the edit made while it was gone, reconciled', () =>
      reconciled(client, 'before'),
    );
    expect(edited.metadata.generation).toBe(2);
    expect(edited.status.observedGeneration).toBe(2);
  });
});
