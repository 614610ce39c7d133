import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { admitDiscoveryJob, type DiscoveryLimiter } from '../../../shared/templates/discovery-admission.ts';
import { DISCOVERY_JOB_LABELS } from '../../../shared/templates/discovery-job.ts';
import { LeaseLock } from '../../../shared/templates/lease-lock.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const NOW = new Date('2026-05-01T12:00:00Z');

function template(name: string): KubeObject {
  return {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMServiceTemplate',
    metadata: { name, namespace: 'team-a' },
    spec: { modelName: 'm' },
  };
}

function job(name: string): KubeObject {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: 'team-a', labels: { ...DISCOVERY_JOB_LABELS } },
    spec: { template: { spec: { containers: [] } } },
  };
}

function limiter(maxActiveJobs: number): DiscoveryLimiter {
  return {
    maxActiveJobs,
    lock: new LeaseLock({
      name: 'lock',
      holderIdentity: 'p1',
      leaseDurationSeconds: 30,
      pollIntervalMs: 5,
      acquireTimeoutMs: 2_000,
    }),
  };
}

describe('admitDiscoveryJob', () => {
  it('decides admissions that wait for the Lease together, never beyond the limit', async () => {
    const kube = new FakeKubeClient();
    const names = Array.from({ length: 8 }, (_, i) => `tpl-${i}`);
    kube.seed(...names.map(template));
    const templates = names.map((name) => kube.peek({ ...template(name), ...template(name).metadata })!);
    const shared = limiter(3);
    const admissions = await Promise.all(
      templates.map((object, i) =>
        admitDiscoveryJob(kube, shared, {
          template: object,
          job: job(`${names[i]}-discovery`),
          lockNamespace: 'aim-system',
          fieldManager: 'test',
          now: NOW,
        }),
      ),
    );
    expect(admissions.filter((a) => a.outcome === 'created')).toHaveLength(3);
    expect(admissions.filter((a) => a.outcome === 'no-slot')).toHaveLength(5);
    expect(kube.callsOf('create').filter((call) => call.object?.kind === 'Job')).toHaveLength(3);
    // The first admission held the Lease alone; the seven that arrived meanwhile shared one hold.
    expect(kube.callsOf('list')).toHaveLength(2);
  });

  it('counts the active Jobs while it re-reads the templates, not after', async () => {
    const kube = new FakeKubeClient();
    kube.seed(template('a'));
    const a = kube.peek({ ...template('a'), ...template('a').metadata })!;
    const reads = Promise.withResolvers<void>();
    let listedWhileReading = false;
    let reading = false;
    const slow = new Proxy(kube, {
      get(target, property) {
        if (property === 'getOptional')
          return async (...args: Parameters<FakeKubeClient['getOptional']>) => {
            if (args[0].kind !== 'AIMServiceTemplate') return target.getOptional(...args);
            reading = true;
            await reads.promise;
            reading = false;
            return target.getOptional(...args);
          };
        if (property === 'list')
          return (...args: Parameters<FakeKubeClient['list']>) => {
            listedWhileReading ||= reading;
            reads.resolve();
            return target.list(...args);
          };
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const admission = await admitDiscoveryJob(slow, limiter(10), {
      template: a,
      job: job('a-discovery'),
      lockNamespace: 'aim-system',
      fieldManager: 'test',
      now: NOW,
    });
    expect(admission.outcome).toBe('created');
    expect(listedWhileReading).toBe(true);
  });

  it('answers stale for a template that changed since the reconcile read it, and admits the others', async () => {
    const kube = new FakeKubeClient();
    kube.seed(template('a'), template('b'));
    const read = (name: string) => kube.peek({ ...template(name), ...template(name).metadata })!;
    const [a, b] = [read('a'), read('b')];
    await kube.mergePatch({ ...b, ...b.metadata }, { metadata: { labels: { changed: 'yes' } } });
    const shared = limiter(10);
    const admit = (object: KubeObject) =>
      admitDiscoveryJob(kube, shared, {
        template: object,
        job: job(`${object.metadata.name}-discovery`),
        lockNamespace: 'aim-system',
        fieldManager: 'test',
        now: NOW,
      });
    const [first, second] = await Promise.all([admit(a), admit(b)]);
    expect(first.outcome).toBe('created');
    expect(second.outcome).toBe('stale');
  });
});
