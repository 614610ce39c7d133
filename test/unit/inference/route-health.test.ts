import { describe, expect, it } from 'vitest';
import { httpRouteHealth } from '../../../shared/inference/route-health.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { fetched, resolveHealth } from '../../../shared/reconcile/health.ts';

function route(conditions: Record<string, unknown>[] | undefined, generation = 2): KubeObject {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'r', namespace: 'team-a', generation },
    spec: {},
    status:
      conditions === undefined
        ? {}
        : { parents: [{ parentRef: { name: 'gw', namespace: 'gateways' }, conditions }] },
  };
}

const cond = (type: string, status: string, reason: string, observedGeneration = 2) => ({
  type,
  status,
  reason,
  message: `${type} ${status}`,
  observedGeneration,
});

const health = (object: KubeObject | undefined) => resolveHealth(httpRouteHealth(fetched(object)));

describe('HTTPRoute component (spec §10.8)', () => {
  it('absent ⇒ Progressing HTTPRouteCreating; no parents ⇒ HTTPRoutePending', () => {
    expect(health(undefined)).toMatchObject({ state: 'Progressing', reason: 'HTTPRouteCreating' });
    expect(health(route(undefined))).toMatchObject({ state: 'Progressing', reason: 'HTTPRoutePending' });
  });

  it('Accepted=True ⇒ Ready HTTPRouteAccepted', () => {
    expect(
      health(route([cond('Accepted', 'True', 'Accepted'), cond('ResolvedRefs', 'True', 'ResolvedRefs')])),
    ).toMatchObject({
      state: 'Ready',
      reason: 'HTTPRouteAccepted',
      message: 'HTTPRoute accepted by gateway gateways/gw',
    });
  });

  it('Accepted=False ⇒ Failed with the gateway’s reason, without a blocking category', () => {
    const result = health(route([cond('Accepted', 'False', 'NotAllowedByListeners')]));
    expect(result).toMatchObject({
      state: 'Failed',
      reason: 'NotAllowedByListeners',
      message: 'Gateway gateways/gw did not accept the route: Accepted False',
    });
    expect(result.errors).toEqual([]);
  });

  it('ResolvedRefs=False ⇒ a missing downstream dependency (Progressing)', () => {
    const result = health(
      route([cond('Accepted', 'True', 'Accepted'), cond('ResolvedRefs', 'False', 'BackendNotFound')]),
    );
    expect(result).toMatchObject({ state: 'Progressing', reason: 'BackendNotFound' });
    expect(result.errors[0]?.category).toBe('MissingDownstreamDependency');
  });

  it('conditions of an older route generation are not trusted', () => {
    expect(health(route([cond('Accepted', 'True', 'Accepted', 1)], 2))).toMatchObject({
      reason: 'HTTPRoutePending',
    });
  });
});
