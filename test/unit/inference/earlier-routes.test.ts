import { describe, expect, it } from 'vitest';
import {
  earlierRoutesOf,
  earlierRoutesToRemove,
  handoverPending,
  routeHealthDuringHandover,
} from '../../../shared/inference/earlier-routes.ts';
import { httpRouteHealth } from '../../../shared/inference/route-health.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';

const service: KubeObject = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: { name: 'chat', namespace: 'ns', uid: 'svc-uid' },
};
const route = (name: string, ownerUid: string, accepted?: boolean): KubeObject => ({
  apiVersion: 'gateway.networking.k8s.io/v1',
  kind: 'HTTPRoute',
  metadata: {
    name,
    namespace: 'ns',
    generation: 1,
    ownerReferences: [
      {
        apiVersion: 'aim.eai.amd.com/v1alpha1',
        kind: 'AIMService',
        name: 'chat',
        uid: ownerUid,
        controller: true,
      },
    ],
  },
  ...(accepted === undefined
    ? {}
    : {
        status: {
          parents: [
            {
              parentRef: { name: 'gw' },
              conditions: [{ type: 'Accepted', status: accepted ? 'True' : 'False', observedGeneration: 1 }],
            },
          ],
        },
      }),
});

describe('earlier routes of a service (a takeover from the Go operator)', () => {
  const goOperators = route('chat-1234abcd', 'svc-uid', true);
  const ours = route('chat-1234abcd-route', 'svc-uid', true);

  it("are the routes it controls under another name; another service's or KServe's are not", () => {
    const others = [
      route('other', 'other-uid'),
      { ...goOperators, metadata: { ...goOperators.metadata, ownerReferences: [] } },
    ];
    expect(earlierRoutesOf([goOperators, ours, ...others], service, 'chat-1234abcd-route')).toEqual([
      goOperators,
    ]);
  });

  it('are removed once the rendered route is accepted, never before', () => {
    const decision = { enabled: true };
    expect(earlierRoutesToRemove(decision, undefined, [goOperators])).toEqual([]);
    expect(earlierRoutesToRemove(decision, route('chat-1234abcd-route', 'svc-uid'), [goOperators])).toEqual(
      [],
    );
    expect(
      earlierRoutesToRemove(decision, route('chat-1234abcd-route', 'svc-uid', false), [goOperators]),
    ).toEqual([]);
    expect(earlierRoutesToRemove(decision, ours, [goOperators])).toEqual([goOperators]);
  });

  // As render-reconciler.ts decides it: from what earlierRoutesToRemove chose.
  const pending = (decision: { enabled: boolean }, rendered: KubeObject | undefined, earlier: KubeObject[]) =>
    handoverPending(earlier, earlierRoutesToRemove(decision, rendered, earlier));

  it('keep the handover pending (looked at again on a timer) only while the rendered route is not accepted', () => {
    expect(pending({ enabled: true }, route('chat-1234abcd-route', 'svc-uid'), [goOperators])).toBe(true);
    expect(pending({ enabled: true }, ours, [goOperators])).toBe(false);
    expect(pending({ enabled: true }, undefined, [])).toBe(false);
    expect(pending({ enabled: false }, undefined, [goOperators])).toBe(false);
  });

  it('are removed at once when routing is off', () => {
    expect(earlierRoutesToRemove({ enabled: false }, undefined, [goOperators])).toEqual([goOperators]);
  });

  it('keep the HTTPRoute component Ready while the rendered route waits for the gateway, as long as one of them is accepted', () => {
    const creating = httpRouteHealth({ ok: true, value: undefined });
    const handover = routeHealthDuringHandover(creating, [goOperators]);
    expect(handover).toMatchObject({ state: 'Ready', reason: 'HTTPRouteAccepted' });
    expect(handover.message).toBe(
      'HTTPRoute chat-1234abcd, made by an earlier controller, serves the path meanwhile: Creating the HTTPRoute',
    );
    expect(routeHealthDuringHandover(creating, [route('chat-1234abcd', 'svc-uid', false)])).toBe(creating);
    expect(routeHealthDuringHandover(creating, [])).toBe(creating);
    const refused = httpRouteHealth({ ok: true, value: route('chat-1234abcd-route', 'svc-uid', false) });
    expect(routeHealthDuringHandover(refused, [goOperators])).toBe(refused);
  });
});
