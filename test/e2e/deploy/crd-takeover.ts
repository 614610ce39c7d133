/**
 * Helpers of the CRD takeover test (issue 37): the real kubectl against the local API server, a
 * stand-in for the Go operator's CRDs, and a probe that measures how long watches of an AIM kind
 * were interrupted while the CRDs were replaced.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ControlPlane } from '../../../local/control-plane/control-plane.ts';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { Informer } from '../../../shared/cache/informer.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';

export interface KubectlRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The kubectl built with the control plane (CI machines have none of their own). */
export function kubectl(controlPlane: ControlPlane, args: readonly string[]): KubectlRun {
  const { binaries, kubeconfigPath } = controlPlane;
  const run = spawnSync(binaries.kubectl, ['--kubeconfig', kubeconfigPath, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/**
 * Stands in for the Go operator's v0.2.1 CRDs, which no registry reachable here serves (the
 * module proxy refuses github.com/amd-enterprise-ai/aim-engine with 403): ours with what makes a
 * takeover real — a schema property and printer columns that differ (so the API server recreates
 * each kind's storage on the upgrade and ends its watches) and Helm's label.
 */
export function goOperatorStandIn(crd: KubeObject): KubeObject {
  const old = structuredClone(crd);
  for (const version of old.spec.versions) {
    version.additionalPrinterColumns = [{ name: 'Ready', type: 'string', jsonPath: '.status.status' }];
    version.schema.openAPIV3Schema.properties.spec.properties.legacyField = { type: 'string' };
  }
  old.metadata.labels = { 'app.kubernetes.io/managed-by': 'Helm' };
  old.metadata.annotations = { 'controller-gen.kubebuilder.io/version': 'v0.16.4' };
  return old;
}

/** Writes each CRD's stand-in into a fresh directory; returns the file per CRD name. */
export function writeStandIns(crds: readonly KubeObject[]): Map<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'go-operator-crds-'));
  const files = new Map<string, string>();
  for (const crd of crds) {
    const file = join(dir, `${crd.metadata.name}.yaml`);
    writeFileSync(file, stringify(goOperatorStandIn(crd)));
    files.set(crd.metadata.name, file);
  }
  return files;
}

export interface WatchGaps {
  /** Longest time without a probe event at the broker (the ApiServerSource adapter's watch). */
  adapterMs: number;
  /** Longest time without a probe event in an informer of the product's own cache code. */
  informerMs: number;
  /** Ticks written, and probe events the adapter delivered (fewer: it lost some in a relist). */
  written: number;
  adapterEvents: number;
  /** Ticks written that never reached the informer (a relist folds them into one state). */
  informerMissed: number;
  /** The tick the informer's store holds at the end: the last one written, if it caught up. */
  informerLastTick: number;
  informerLists: number;
  informerWatches: number;
  informerErrors: string[];
}

/**
 * Writes an annotation of one object every `tickMs` and notes when each change arrives through
 * the adapter (at the broker) and through an Informer — the code the functions' caches run.
 */
export class WatchProbe {
  readonly #platform: LocalPlatform;
  readonly #object: KubeObject;
  readonly #tickMs: number;
  readonly #adapterTimes: number[] = [];
  readonly #informerTimes: number[] = [];
  readonly #seenTicks = new Set<number>();
  readonly #errors: string[] = [];
  #written = 0;
  #lists = 0;
  #watches = 0;
  #running = true;
  #loops: Promise<void>[] = [];
  #informer: Informer | undefined;

  constructor(platform: LocalPlatform, object: KubeObject, tickMs = 100) {
    this.#platform = platform;
    this.#object = object;
    this.#tickMs = tickMs;
  }

  async start(): Promise<void> {
    const client = this.#platform.client;
    await client.apply(this.#object, { fieldManager: 'crd-upgrade-probe', force: true });
    const counting: KubeClient = Object.create(client);
    counting.list = (gvk, options) => {
      this.#lists++;
      return client.list(gvk, options);
    };
    counting.watch = (gvk, options, onEvent) => {
      this.#watches++;
      return client.watch?.(gvk, options, onEvent) as ReturnType<NonNullable<KubeClient['watch']>>;
    };
    const { namespace, name } = this.#object.metadata;
    this.#informer = new Informer(
      counting as KubeClient & Required<Pick<KubeClient, 'watch'>>,
      {
        gvk: { apiVersion: this.#object.apiVersion, kind: this.#object.kind },
        fieldSelector: `metadata.namespace=${namespace}`,
      },
      {
        onChange: (event) => {
          this.#informerTimes.push(Date.now());
          this.#seenTicks.add(Number(event.object.metadata.annotations?.tick ?? 0));
        },
        onError: (err) => this.#errors.push(String(err)),
      },
    );
    await this.#informer.ready();
    this.#loops.push(this.#tick(), this.#watchBroker(name));
  }

  async #tick(): Promise<void> {
    const { apiVersion, kind, metadata } = this.#object;
    const key = { apiVersion, kind, namespace: metadata.namespace, name: metadata.name };
    while (this.#running) {
      const tick = this.#written + 1;
      try {
        await this.#platform.client.mergePatch(key, { metadata: { annotations: { tick: String(tick) } } });
        this.#written = tick;
      } catch {
        // A write refused while the kind's storage is swapped is no change to wait for.
      }
      await new Promise((resolve) => setTimeout(resolve, this.#tickMs));
    }
  }

  async #watchBroker(name: string): Promise<void> {
    let seen = this.#platform.broker?.received.length ?? 0;
    while (this.#running) {
      const received = this.#platform.broker?.received ?? [];
      if (received.length < seen) seen = 0; // the broker dropped its oldest records
      for (const event of received.slice(seen)) {
        if (event.kind === this.#object.kind && event.name === name) this.#adapterTimes.push(Date.now());
      }
      seen = received.length;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Stops ticking, lets the last changes arrive, and reports the longest gaps between `from` and now. */
  async stop(from: number): Promise<WatchGaps> {
    this.#running = false;
    await Promise.all(this.#loops);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { namespace, name } = this.#object.metadata;
    const held = this.#informer?.get(namespace, name)?.metadata.annotations?.tick;
    this.#informer?.stop();
    const written = this.#written;
    let missed = 0;
    for (let tick = 1; tick <= written; tick++) if (!this.#seenTicks.has(tick)) missed++;
    return {
      written,
      adapterEvents: this.#adapterTimes.length,
      adapterMs: longestGap(this.#adapterTimes, from),
      informerMs: longestGap(this.#informerTimes, from),
      informerMissed: missed,
      informerLastTick: Number(held ?? 0),
      informerLists: this.#lists,
      informerWatches: this.#watches,
      informerErrors: this.#errors,
    };
  }
}

function longestGap(times: readonly number[], from: number): number {
  let longest = 0;
  let previous = from;
  for (const time of times) {
    if (time < from) continue;
    longest = Math.max(longest, time - previous);
    previous = time;
  }
  return longest;
}

/** What the functions' caches logged about their watches: relists and failures per process and kind. */
export function functionWatchLog(logDir: string, since: number): { relists: string[]; failures: string[] } {
  const relists: string[] = [];
  const failures: string[] = [];
  for (const file of readdirSync(logDir).filter((f) => f.endsWith('.log') && !f.startsWith('adapter'))) {
    for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue;
      let entry: { time?: number; msg?: string; kind?: string; err?: string };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if ((entry.time ?? 0) < since) continue;
      if (entry.msg?.startsWith('watch expired')) relists.push(`${file} ${entry.kind}`);
      if (entry.msg?.startsWith('watch of kind failed')) failures.push(`${file} ${entry.kind}: ${entry.err}`);
    }
  }
  return { relists, failures };
}
