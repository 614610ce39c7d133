/**
 * CPU seconds of the platform's other processes, from /proc: the API server, etcd, the
 * controller manager, the ApiServerSource adapters, and this benchmark's own process (the
 * broker, the simulator playing KServe and the kubelet, the tracker). On a 2-core machine the
 * run is CPU-bound, so where the rest of the CPU goes matters as much as the functions' own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { LocalPlatform } from '../../local/platform/local-platform.ts';
import { processStats } from './process-stats.ts';

const NAMED = ['kube-apiserver', 'etcd', 'kube-controller-manager', 'apiserver_receive_adapter'];

export type CpuSnapshot = Map<string, number>;

/** The platform's function processes now (name → pid): a function scaled up again has a new one. */
export function functionPids(platform: Pick<LocalPlatform, 'functions'>): Map<string, number> {
  return new Map(platform.functions.map((fn) => [fn.name, fn.process.child.pid!]));
}

/** `also`: more processes to count by name, e.g. the functions (name → pid). */
export function platformCpu(also: ReadonlyMap<string, number> = new Map()): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  const add = (name: string, pid: number) => {
    const stats = processStats(pid);
    if (stats) snapshot.set(name, (snapshot.get(name) ?? 0) + stats.cpuSeconds);
  };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let command: string;
    try {
      command = basename(readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0] ?? '');
    } catch {
      continue;
    }
    if (NAMED.includes(command)) add(command, Number(entry));
  }
  add('benchmark (broker, simulator, tracker)', process.pid);
  for (const [name, pid] of also) add(name, pid);
  return snapshot;
}

/** CPU seconds per process name between two snapshots, rounded to 0.01 s. */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  return Object.fromEntries(
    [...after].map(([name, seconds]) => [name, Math.round((seconds - (before.get(name) ?? 0)) * 100) / 100]),
  );
}
