/**
 * Follows every discovery Job of the cluster by a watch, so the peak of Jobs active at once is
 * the true peak of the API server's state (a poll could miss a short overlap), and remembers every
 * Job ever created per template (a second one for a template would be a duplicate discovery).
 */
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

const JOB = { apiVersion: 'batch/v1', kind: 'Job' } as const;
const SELECTOR = 'app.kubernetes.io/name=aim-discovery';

function isActive(job: KubeObject): boolean {
  return !(job.status?.conditions ?? []).some(
    (c: { type: string; status: string }) =>
      (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True',
  );
}

export interface DiscoveryPeak {
  /** Most discovery Jobs active at the same time since the watch started. */
  peak(): number;
  /** Every discovery Job uid seen, by `namespace/template`. */
  jobsByTemplate(): Map<string, Set<string>>;
  stop(): Promise<void>;
}

export async function watchDiscoveryPeak(client: KubeClient): Promise<DiscoveryPeak> {
  if (!client.watch) throw new Error('this client cannot watch');
  const watch = client.watch.bind(client);
  const active = new Map<string, boolean>();
  const byTemplate = new Map<string, Set<string>>();
  let peak = 0;
  let stopped = false;
  let handle: { stop(): void } | undefined;
  const see = (job: KubeObject, deleted: boolean) => {
    const uid = job.metadata.uid ?? '';
    if (deleted) active.delete(uid);
    else active.set(uid, isActive(job));
    const template = `${job.metadata.namespace}/${job.metadata.labels?.['aim.eai.amd.com/template']}`;
    byTemplate.set(template, (byTemplate.get(template) ?? new Set()).add(uid));
    peak = Math.max(peak, [...active.values()].filter(Boolean).length);
  };
  const list = async () => {
    const jobs = await client.list(JOB, { labelSelector: SELECTOR });
    active.clear();
    for (const job of jobs.items) see(job, false);
    return jobs.resourceVersion ?? '0';
  };
  let resourceVersion = await list();
  const loop = (async () => {
    while (!stopped) {
      try {
        const current = watch(JOB, { labelSelector: SELECTOR, resourceVersion, timeoutSeconds: 30 }, (e) => {
          if (e.object.metadata.resourceVersion) resourceVersion = e.object.metadata.resourceVersion;
          if (e.type !== 'BOOKMARK') see(e.object, e.type === 'DELETED');
        });
        handle = current;
        await current.done;
      } catch {
        // Gone or a broken stream: start over from a fresh list (the peak so far is kept).
        if (!stopped) resourceVersion = await list().catch(() => resourceVersion);
      }
    }
  })();
  return {
    peak: () => peak,
    jobsByTemplate: () => byTemplate,
    async stop() {
      stopped = true;
      handle?.stop();
      await loop;
    },
  };
}
