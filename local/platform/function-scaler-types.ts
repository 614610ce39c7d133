/** What a function's local autoscaler (function-scaler.ts) takes and tells. */
import type { Lease } from '../eventing/delivery-target.ts';
import type { FunctionScaler } from './function-scaler.ts';
import type { RunningFunction } from './functions.ts';
import type { ScalingPolicy } from './scaling-policy.ts';

export type { Lease };

export interface InstanceRecord {
  instance: number;
  pid: number | undefined;
  spawnedAt: number;
  stoppedAt?: number;
}

export interface ScalerStats {
  name: string;
  /** Instances started (each a cold start). */
  starts: number;
  /** Instance-milliseconds up (spawn to exit), the running ones counted to now. */
  upMs: number;
  /** Instances ready now. */
  ready: number;
  starting: number;
  inFlight: number;
}

export interface FunctionScalerOptions {
  name: string;
  policy: ScalingPolicy;
  /** Starts `count` instances (numbered from `firstInstance`) and resolves once they are ready. */
  start(count: number, firstInstance: number): Promise<RunningFunction[]>;
  /** Called whenever instances start, become ready or stop. */
  onChange?(scaler: FunctionScaler): void;
  log?(msg: string): void;
  holdMs?: number;
  now?(): number;
}
