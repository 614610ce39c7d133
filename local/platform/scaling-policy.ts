/**
 * How Knative Serving scales a function, read from its Knative Service (manifests/functions/), so
 * the local platform and the manifests cannot disagree. Where an annotation is absent, Knative's
 * own defaults apply (spec knative-kserve.md §2.3; `config-autoscaler`): a 60 s stable window,
 * a 30 s scale-to-zero grace period, no retention, a concurrency target of 100.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGoDurationMs } from '../../shared/inference/gateway-duration.ts';
import { yamlObjects } from '../../shared/kube/yaml-objects.ts';

const FUNCTION_MANIFESTS = join(import.meta.dirname, '..', '..', 'manifests', 'functions');
const ANNOTATION = 'autoscaling.knative.dev/';

export const KNATIVE_DEFAULTS = {
  stableWindowMs: 60_000,
  scaleToZeroGracePeriodMs: 30_000,
  target: 100,
  /** `max-scale: 0` means unlimited; the local platform keeps a bound. */
  localMaxScale: 3,
} as const;

export interface ScalingPolicy {
  minScale: number;
  maxScale: number;
  /** Concurrent requests per instance the autoscaler aims for. */
  target: number;
  /** The averaging window: no request in it scales the function to zero. */
  windowMs: number;
  /** How long a stopping instance gets to finish before it is killed (Knative: the grace period). */
  scaleToZeroGracePeriodMs: number;
  /** How long the last instance stays after the decision to scale to zero. */
  retentionMs: number;
}

function count(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** A Go duration as Knative's annotations write them (`60s`, `1m30s`); the fallback when unreadable. */
function duration(value: unknown, fallback: number): number {
  if (typeof value !== 'string') return fallback;
  try {
    return parseGoDurationMs(value);
  } catch {
    return fallback;
  }
}

/** The policy a Knative Service's revision template asks for (annotations, or Knative's defaults). */
export function scalingPolicyFromAnnotations(annotations: Record<string, unknown> = {}): ScalingPolicy {
  const at = (key: string) => annotations[`${ANNOTATION}${key}`];
  const maxScale = count(at('max-scale'), 0);
  const minScale = count(at('min-scale'), 0);
  return {
    minScale,
    maxScale: Math.max(maxScale === 0 ? KNATIVE_DEFAULTS.localMaxScale : maxScale, minScale, 1),
    target: Math.max(0.01, count(at('target'), KNATIVE_DEFAULTS.target)),
    windowMs: duration(at('window'), KNATIVE_DEFAULTS.stableWindowMs),
    scaleToZeroGracePeriodMs: KNATIVE_DEFAULTS.scaleToZeroGracePeriodMs,
    retentionMs: duration(at('scale-to-zero-pod-retention-period'), 0),
  };
}

/** The scaling policy of the function's Knative Service in manifests/functions/<name>.yaml. */
export function scalingPolicyOf(serviceName: string, dir = FUNCTION_MANIFESTS): ScalingPolicy {
  let text: string;
  try {
    text = readFileSync(join(dir, `${serviceName}.yaml`), 'utf8');
  } catch {
    return scalingPolicyFromAnnotations();
  }
  const service = yamlObjects(text).find((object) => object.kind === 'Service');
  return scalingPolicyFromAnnotations(service?.spec?.template?.metadata?.annotations ?? {});
}
