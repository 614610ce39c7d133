/**
 * The steps of the fault tests' workload, in the order a user would take them, and the final
 * checks every fault must pass: converged (no lost update), no duplicate children, nothing left
 * of deleted objects, at most 10 discovery Jobs at any time and exactly one per template.
 */
import { expect } from 'vitest';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { withSimulator } from '../support/platform.ts';
import { eventually } from '../support/wait.ts';
import { type DiscoveryPeak, watchDiscoveryPeak } from './discovery-peak.ts';
import {
  AIM,
  applyDiscoveryTemplates,
  applyModels,
  applyService,
  DISCOVERY_TEMPLATES,
  deleteService,
  duplicateChildren,
  type Expected,
  pending,
  prepare,
} from './workload.ts';

/** Fast enough that repairs by the resync take seconds; the product's PingSource ticks every 10 minutes. */
export const TEST_RESYNC_MS = 5_000;
export const PLATFORM = { simulator: withSimulator, resyncIntervalMs: TEST_RESYNC_MS } as const;

/** Where the service runs a changed spec after Running; the last of several quick edits must win. */
export const EDITED = 'svc-edited';
/** Deleted once Running: its InferenceService and whatever else it owns must go with it. */
export const DOOMED = 'svc-doomed';
/** Shares its template cache with EDITED. */
export const SHARER = 'svc-sharer';
/** Caches its weights in a cache of its own. */
export const DEDICATED = 'svc-dedicated';

/** `name: Status (False conditions: their messages)` — what a timeout reports. */
function describeStatus(object: { metadata: { name?: string }; status?: KubeObject['status'] }): string {
  const conditions = (object.status?.conditions ?? []) as {
    type: string;
    status: string;
    reason: string;
    message?: string;
  }[];
  const failing = conditions
    .filter((c) => c.status !== 'True')
    .map((c) => `${c.type}=${c.reason}: ${(c.message ?? '').slice(0, 400)}`);
  return `${object.metadata.name}: ${object.status?.status ?? 'no status'} (${failing.join(', ')})`;
}

export class Scenario {
  readonly expected: Expected;
  private peak: DiscoveryPeak | undefined;
  private readonly platform: LocalPlatform;

  constructor(platform: LocalPlatform, ns: string) {
    this.platform = platform;
    this.expected = { ns, services: {}, deleted: [] };
  }

  get client() {
    return this.platform.client;
  }

  /** Namespace, simulator rules, and the discovery Job watch (from before the first template). */
  async prepare(): Promise<void> {
    await prepare(this.client, this.expected.ns);
    this.peak = await watchDiscoveryPeak(this.client);
  }

  /** The model, the discovery templates and the four services. */
  async create(): Promise<void> {
    await this.createDiscovery();
    await this.createServices();
  }

  /** The models and the discovery templates (16, over the limit of 10 Jobs at a time). */
  async createDiscovery(): Promise<void> {
    await applyModels(this.client, this.expected.ns);
    await applyDiscoveryTemplates(this.client, this.expected.ns);
  }

  async createServices(): Promise<void> {
    await applyModels(this.client, this.expected.ns);
    for (const [name, caching] of [
      [EDITED, 'Shared'],
      [SHARER, 'Shared'],
      [DEDICATED, 'Dedicated'],
      [DOOMED, 'Shared'],
    ] as const) {
      await this.applyService(name, caching, 1);
    }
  }

  /** Creates or edits a service; `revision` must reach its InferenceService. */
  async applyService(name: string, caching: 'Shared' | 'Dedicated', revision: number): Promise<void> {
    await applyService(this.client, this.expected.ns, name, caching, revision);
    this.expected.services[name] = revision;
  }

  async servicesRunning(timeoutMs = 180_000): Promise<void> {
    await eventually(
      'every service Running',
      async () => {
        const { items } = await this.client.list(
          { apiVersion: AIM, kind: 'AIMService' },
          { namespace: this.expected.ns },
        );
        const notRunning = Object.keys(this.expected.services)
          .map(
            (name) => items.find((s) => s.metadata.name === name) ?? ({ metadata: { name } } as KubeObject),
          )
          .filter((s) => s.status?.status !== 'Running');
        if (notRunning.length > 0) throw new Error(notRunning.map(describeStatus).join('; '));
        return true;
      },
      { timeoutMs, intervalMs: 500 },
    );
  }

  /** Three quick edits of a Running service (only the last may survive) and one deletion. */
  async changeAndDelete(): Promise<void> {
    const { ns } = this.expected;
    for (const revision of [2, 3, 4]) await this.applyService(EDITED, 'Shared', revision);
    this.expected.deleted.push(await deleteService(this.client, ns, DOOMED));
    delete this.expected.services[DOOMED];
  }

  /** Waits until nothing differs from the expected state; the error names what still does. */
  async converged(timeoutMs = 180_000): Promise<number> {
    const started = Date.now();
    await eventually(
      'the workload converged',
      async () => {
        const problems = await pending(this.client, this.expected);
        // Thrown, so a timeout reports what was still wrong.
        if (problems.length > 0) throw new Error(problems.join('; '));
        return true;
      },
      { timeoutMs, intervalMs: 1_000 },
    );
    return Date.now() - started;
  }

  /** The checks after convergence; returns the discovery peak for the report. */
  async assertClean(): Promise<{ peak: number; lockHolders: Set<string>; service: KubeObject }> {
    const { ns } = this.expected;
    const children = await duplicateChildren(this.client, ns);
    expect(children.duplicates).toEqual([]);
    // Not vacuous: each live service's InferenceService, caches, artifacts, PVCs, Jobs were looked at.
    for (const kind of [
      'InferenceService',
      'AIMTemplateCache',
      'AIMArtifact',
      'PersistentVolumeClaim',
      'Job',
    ]) {
      expect(
        children.checked.some((key) => key.startsWith(`${kind} of `)),
        kind,
      ).toBe(true);
    }
    const peak = this.peak;
    if (!peak) throw new Error('prepare() was not called');
    await peak.stop();
    expect(peak.peak()).toBeGreaterThan(0);
    expect(peak.peak()).toBeLessThanOrEqual(10);
    for (const name of DISCOVERY_TEMPLATES)
      expect(peak.jobsByTemplate().get(`${ns}/${name}`)?.size, name).toBe(1);
    const service = await this.client.get({
      apiVersion: AIM,
      kind: 'AIMService',
      namespace: ns,
      name: EDITED,
    });
    return { peak: peak.peak(), lockHolders: peak.lockHolders(), service };
  }

  async stop(): Promise<void> {
    await this.peak?.stop();
  }
}
