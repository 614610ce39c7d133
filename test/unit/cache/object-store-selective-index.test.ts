/**
 * ObjectStore.select narrows a LIST by its most selective equality requirement: a pending pod's
 * Events are asked for by `involvedObject.kind=Pod` (every Event the informer holds) and
 * `involvedObject.name=<pod>` (a few), and only the few are matched against the whole selector.
 */
import { describe, expect, it, vi } from 'vitest';
import { ObjectStore } from '../../../shared/cache/object-store.ts';
import * as selectors from '../../../shared/kube/selectors.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

vi.mock('../../../shared/kube/selectors.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../shared/kube/selectors.ts')>();
  return { ...original, matchesListSelectors: vi.fn(original.matchesListSelectors) };
});

function podEvent(index: number): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `e${index}`, namespace: 'team', resourceVersion: String(index + 1) },
    involvedObject: { kind: 'Pod', name: `p${index % 50}` },
  } as KubeObject;
}

describe('ObjectStore.select with several equality requirements', () => {
  it('matches only the objects of the most selective one', () => {
    const store = new ObjectStore();
    for (let index = 0; index < 200; index++) store.put(podEvent(index));
    const matched = vi.mocked(selectors.matchesListSelectors);
    for (const fieldSelector of [
      'involvedObject.kind=Pod,involvedObject.name=p7',
      'involvedObject.name=p7,involvedObject.kind=Pod',
    ]) {
      matched.mockClear();
      const found = store.select({ namespace: 'team', fieldSelector });
      expect(found.map((event) => event.metadata.name)).toEqual(['e107', 'e157', 'e57', 'e7']);
      expect(matched).toHaveBeenCalledTimes(4);
    }
  });
});
