import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aimRouteName } from '../../../shared/inference/route-name.ts';
import { isvcName, predictorServiceName, routeName } from '../../../shared/naming/service-names.ts';

const dnsLabel = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/);

describe('aimRouteName', () => {
  it('is the upstream route name with a -route suffix that keeps it apart from the InferenceService name', () => {
    expect(routeName({ name: 'test-service', namespace: 'default' })).toBe('test-service-1080a608');
    expect(isvcName({ name: 'test-service', namespace: 'default' })).toBe('test-service-1080a608');
    expect(aimRouteName({ name: 'test-service', namespace: 'default' })).toBe('test-service-1080a608-route');
  });

  it('stays within 63 characters', () => {
    const name = aimRouteName({ name: 'a'.repeat(80), namespace: 'team' });
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^a+-[0-9a-f]{8}-route$/);
  });

  it('never equals a route KServe creates (<isvc>, <isvc>-predictor) for any service of the namespace', () => {
    fc.assert(
      fc.property(dnsLabel, dnsLabel, dnsLabel, (ours, other, namespace) => {
        const route = aimRouteName({ name: ours, namespace });
        const isvc = isvcName({ name: other, namespace });
        expect(route).not.toBe(isvc);
        expect(route).not.toBe(predictorServiceName(isvc));
      }),
    );
  });
});
