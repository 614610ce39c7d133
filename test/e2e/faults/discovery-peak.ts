/**
 * Follows every discovery Job of the cluster by a watch, so the peak of Jobs active at once is
 * the true peak of the API server's state (a poll could miss a short overlap), and remembers every
 * Job ever created per template (a second one for a template would be a duplicate discovery).
 * Also follows the discovery Lease, to tell which processes took the lock.
 */
import { DISCOVERY_LEASE_NAME } from '../../../shared/constants/limits.ts';
import type { GroupVersionKind, KubeClient, KubeObject } from '../../../shared/kube/types.ts';

const JOB = { apiVersion: 'batch/v1', kind: 'Job' } as const;
const LEASE = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' } as const;

function isActive(job: KubeObject): boolean {
  return !(job.status?.conditions ?? []).some(
    (c: { type: string; status: string }) =>
      (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );
}

/**
 * Lists, then watches from the list's resourceVersion, again after each watch ends; `see` gets
 * every object of the list (`listed`) and every change (`deleted` for deletions).
 */
async function follow(
  client: KubeClient,
  gvk: GroupVersionKind,
  select: { namespace?: string; labelSelector?: string; fieldSelector?: string },
  see: (object: KubeObject, change: 'listed' | 'changed' | 'deleted') => void,
  /** Called before each list: what the last one said may be stale. */
  relisting: () => void = () => {},
): Promise<() => Promise<void>> {
  if (!client.watch) throw new Error('this client cannot watch');
  const watch = client.watch.bind(client);
  const list = async () => {
    const listed = await client.list(gvk, select);
    relisting();
    for (const object of listed.items) see(object, 'listed');
    return listed.resourceVersion ?? '0';
  };
  let resourceVersion = await list();
  let stopped = false;
  let handle: { stop(): void } | undefined;
  const loop = (async () => {
    while (!stopped) {
      try {
        const current = watch(gvk, { ...select, resourceVersion, timeoutSeconds: 30 }, (e) => {
          if (e.object.metadata.resourceVersion) resourceVersion = e.object.metadata.resourceVersion;
          if (e.type !== 'BOOKMARK') see(e.object, e.type === 'DELETED' ? 'deleted' : 'changed');
        });
        handle = current;
        await current.done;
      } catch {
        // Gone or a broken stream: start over from a fresh list.
        if (!stopped) resourceVersion = await list().catch(() => resourceVersion);
      }
    }
  })();
  return async () => {
    stopped = true;
    handle?.stop();
    await loop;
  };
}

export interface DiscoveryPeak {
  /** Most discovery Jobs active at the same time since the watch started. */
  peak(): number;
  /** Every discovery Job uid seen, by `namespace/template`. */
  jobsByTemplate(): Map<string, Set<string>>;
  /** Every holder the discovery Lease had (process identities, `POD_NAME-<random>`). */
  lockHolders(): Set<string>;
  stop(): Promise<void>;
}

export async function watchDiscoveryPeak(
  client: KubeClient,
  operatorNamespace = 'aim-system',
): Promise<DiscoveryPeak> {
  const active = new Map<string, boolean>();
  const byTemplate = new Map<string, Set<string>>();
  const holders = new Set<string>();
  let peak = 0;
  const stopJobs = await follow(
    client,
    JOB,
    { labelSelector: 'app.kubernetes.io/name=aim-discovery' },
    (job, change) => {
      const uid = job.metadata.uid ?? '';
      if (change === 'deleted') active.delete(uid);
      else active.set(uid, isActive(job));
      const template = `${job.metadata.namespace}/${job.metadata.labels?.['aim.eai.amd.com/template']}`;
      byTemplate.set(template, (byTemplate.get(template) ?? new Set()).add(uid));
      peak = Math.max(peak, [...active.values()].filter(Boolean).length);
    },
    () => active.clear(),
  );
  const stopLease = await follow(
    client,
    LEASE,
    { namespace: operatorNamespace, fieldSelector: `metadata.name=${DISCOVERY_LEASE_NAME}` },
    (lease) => {
      const holder = lease.spec?.holderIdentity;
      if (typeof holder === 'string' && holder !== '') holders.add(holder);
    },
  );
  return {
    peak: () => peak,
    jobsByTemplate: () => byTemplate,
    lockHolders: () => holders,
    async stop() {
      await Promise.all([stopJobs(), stopLease()]);
    },
  };
}
