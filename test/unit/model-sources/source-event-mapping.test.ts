import { describe, expect, it } from 'vitest';
import type { ApiServerEvent } from '../../../shared/events/apiserver-event.ts';
import { sourceRequestsForEvent } from '../../../shared/model-sources/source-event-mapping.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';

function clusterModelEvent(action: ApiServerEvent['action'], owners: object[]): ApiServerEvent {
  return {
    action,
    mode: 'resource',
    ref: { apiVersion: AIM, kind: 'AIMClusterModel', name: 'm' },
    object: { metadata: { name: 'm', ownerReferences: owners } },
    eventId: '1',
    type: `dev.knative.apiserver.resource.${action}`,
    source: 'test',
  };
}

describe('events that concern a model source', () => {
  const owner = { apiVersion: AIM, kind: 'AIMClusterModelSource', name: 'aims', uid: 'u' };

  it('a deleted cluster model reaches the source that created it', () => {
    expect(sourceRequestsForEvent(clusterModelEvent('delete', [owner]))).toEqual([
      { apiVersion: AIM, kind: 'AIMClusterModelSource', name: 'aims' },
    ]);
  });

  it('other changes, and models no source owns, reach no source', () => {
    expect(sourceRequestsForEvent(clusterModelEvent('update', [owner]))).toEqual([]);
    expect(sourceRequestsForEvent(clusterModelEvent('delete', [{ ...owner, kind: 'AIMService' }]))).toEqual(
      [],
    );
    expect(sourceRequestsForEvent(clusterModelEvent('delete', []))).toEqual([]);
  });
});
