/**
 * The machine a benchmark ran on. The same code on the same 2-core VM gave N=100 all Running in
 * 12.0–13.5 s one day and 14.4–17.0 s another (docs/performance.md, 2026-11-27): core count and
 * load average do not tell such days apart. Two figures help: the CPU's single-thread speed at the
 * start (a fixed hashing workload, best of three trials, before the platform starts) and, over the
 * run, how the machine's CPU time went — busy, idle, and stolen by the hypervisor for other guests.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  loadAverage: number[];
  node: string;
  /** SHA-256 throughput of one thread (higher is faster): compare runs of different days by it. */
  sha256MiBPerSecond: number;
}

/** Jiffies since boot over all CPUs, from the `cpu` line of /proc/stat. */
export interface CpuTicks {
  busy: number;
  idle: number;
  iowait: number;
  steal: number;
}

export interface CpuShares {
  busyPercent: number;
  idlePercent: number;
  iowaitPercent: number;
  stealPercent: number;
}

/** Parses /proc/stat's aggregate line: user nice system idle iowait irq softirq steal (guest time is in user). */
export function parseProcStat(text: string): CpuTicks | undefined {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (line === undefined) return undefined;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq, idle, iowait, steal };
}

export function machineCpu(): CpuTicks | undefined {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
}

/** How the machine's CPU time between two readings went, in percent of it (one decimal). */
export function cpuSharesBetween(
  before: CpuTicks | undefined,
  after: CpuTicks | undefined,
): CpuShares | undefined {
  if (before === undefined || after === undefined) return undefined;
  const delta = {
    busy: after.busy - before.busy,
    idle: after.idle - before.idle,
    iowait: after.iowait - before.iowait,
    steal: after.steal - before.steal,
  };
  const all = delta.busy + delta.idle + delta.iowait + delta.steal;
  if (all <= 0) return undefined;
  const percent = (ticks: number) => Math.round((ticks / all) * 1000) / 10;
  return {
    busyPercent: percent(delta.busy),
    idlePercent: percent(delta.idle),
    iowaitPercent: percent(delta.iowait),
    stealPercent: percent(delta.steal),
  };
}

/**
 * MiB hashed per second with SHA-256 (`chunks` of 4 MiB), one thread, the best of `trials` (the
 * machine's speed, not its load at that instant). Native code with a steady cost per byte: back to
 * back it agrees within ~2 % (1,357–1,492 over one morning's benchmark runs), where a JSON
 * workload spread by ±20 % with the garbage collector's timing.
 */
export function sha256MiBPerSecond(chunks = 4, trials = 3): number {
  const chunkMiB = 4;
  const chunk = Buffer.alloc(chunkMiB << 20, 7);
  let best = 0;
  for (let trial = 0; trial < trials; trial++) {
    const started = performance.now();
    for (let i = 0; i < chunks; i++) createHash('sha256').update(chunk).digest();
    best = Math.max(best, (chunks * chunkMiB) / ((performance.now() - started) / 1000));
  }
  return Math.round(best);
}

export function machineInfo(): MachineInfo {
  const cores = cpus();
  return {
    cores: cores.length,
    cpuModel: cores[0]?.model ?? 'unknown',
    loadAverage: loadavg(),
    node: process.version,
    sha256MiBPerSecond: sha256MiBPerSecond(),
  };
}
