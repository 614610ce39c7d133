/**
 * When a model source lists its registry again (spec §13: every `syncInterval`, default 1 h).
 * A sync is due when the source was never synced, its spec changed since the last one, or the
 * interval has passed; between syncs `lastSyncTime` stays, so the status write a sync causes
 * does not cause another sync.
 */
import { type AIMClusterModelSource, DEFAULT_SYNC_INTERVAL } from '../api/aim-cluster-model-source.ts';

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** A Go duration (`1h30m`, `90s`, `1.5h`) in seconds, or undefined when it is not one. */
export function parseGoDurationSeconds(text: string): number | undefined {
  if (!/^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const match of text.matchAll(/([0-9]+(?:\.[0-9]+)?)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(match[1]) * (UNIT_SECONDS[match[2] ?? ''] ?? 0);
  }
  return total;
}

/** At least one second, so a zero interval cannot spin. */
export function syncIntervalSeconds(source: AIMClusterModelSource): number {
  const seconds =
    parseGoDurationSeconds(source.spec.syncInterval) ?? parseGoDurationSeconds(DEFAULT_SYNC_INTERVAL) ?? 3600;
  return Math.max(1, seconds);
}

export function lastSyncOf(source: AIMClusterModelSource): Date | undefined {
  const text = source.status?.lastSyncTime;
  const time = text === undefined ? Number.NaN : Date.parse(text);
  return Number.isFinite(time) ? new Date(time) : undefined;
}

export function isSyncDue(source: AIMClusterModelSource, now: Date): boolean {
  const last = lastSyncOf(source);
  if (last === undefined) return true;
  if (source.status?.observedGeneration !== source.metadata.generation) return true;
  return now.getTime() - last.getTime() >= syncIntervalSeconds(source) * 1000;
}

/** Seconds until the next sync is due (the whole interval right after a sync). */
export function secondsUntilNextSync(source: AIMClusterModelSource, due: boolean, now: Date): number {
  const interval = syncIntervalSeconds(source);
  const last = lastSyncOf(source);
  if (due || last === undefined) return interval;
  return Math.max(1, Math.ceil(interval - (now.getTime() - last.getTime()) / 1000));
}
