import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { DEFAULT_NODES } from './default-rules.ts';

export { DEFAULT_NODE_CAPACITY, DEFAULT_NODES, DEFAULT_RULES } from './default-rules.ts';

/*
 * The simulator's rules: one YAML document in a ConfigMap, re-read on every poll, so a test (or a
 * person running `npm start`) changes what the fake cluster does without touching code.
 * Every behaviour field has a default, so an empty rule (or no matching rule) means "behave like
 * a healthy cluster"; lists are evaluated top-down and the first matching rule wins.
 */

export const SIMULATOR_NAMESPACE = 'aim-simulator';
export const RULES_CONFIGMAP = 'aim-simulator-rules';
export const RULES_KEY = 'rules.yaml';
/** Where the simulator reports which rules document it runs with (and why one was rejected). */
export const STATUS_CONFIGMAP = 'aim-simulator-status';

/** Label values are globs; `'*'` means "the label exists, any value". */
const LabelGlobs = z.record(z.string(), z.string());

const ObjectMatch = z.strictObject({
  /** Glob on the object's namespace. */
  namespace: z.string().optional(),
  /** Glob on the object's name. */
  name: z.string().optional(),
  labels: LabelGlobs.optional(),
});

export const PodMatchSchema = ObjectMatch.extend({
  /** Glob on any container's image. */
  image: z.string().optional(),
  /** Glob on any container's args joined by single spaces (e.g. a source URI). */
  args: z.string().optional(),
  /** Glob on any container's name. */
  container: z.string().optional(),
  /**
   * Globs on env values (`{AIM_PRECISION: fp8, AIM_GPU_MODEL: 'MI3*'}`), all on the same
   * container: the real dry-run image answers by its env, so rules can too. Only literal `value`s
   * match; a variable set with `valueFrom` never does.
   */
  env: z.record(z.string(), z.string()).optional(),
});

const Seconds = z.number().min(0);

export const ExitSchema = z.strictObject({
  code: z.number().int().min(0).max(255),
  /** Container termination reason; default `Completed` for 0, else `Error`. */
  reason: z.string().optional(),
  message: z.string().optional(),
});

export const DownloadProgressSchema = z.strictObject({
  /** Percentages reported one per interval; the downloader always ends at 100 unless it stalls. */
  steps: z.array(z.number().int().min(0).max(100)).default([25, 50, 100]),
  intervalSeconds: Seconds.default(1),
  /** Progress stops at this percentage; after the stall timeout the downloader exits 1. */
  stallAt: z.number().int().min(0).max(100).optional(),
  /**
   * A test's shortcut: the real downloader's stall timeout is the pod's `STALL_TIMEOUT` (the
   * functions set 120 s), which is what applies when this is unset.
   */
  stallTimeoutSeconds: Seconds.optional(),
  /** Protocols (of `AIM_DOWNLOADER_PROTOCOL`) whose attempt fails, e.g. `[XET]` for a fallback. */
  failProtocols: z.array(z.string()).default([]),
  verifySeconds: Seconds.default(0.5),
});

export const DryRunSchema = z.strictObject({
  /** Overrides of what the discovery output says; unset fields come from the pod's env. */
  gpu: z.string().optional(),
  gpuCount: z.number().int().min(0).optional(),
  precision: z.string().optional(),
  metric: z.string().optional(),
  engine: z.string().optional(),
  type: z.string().optional(),
  engineArgs: z.record(z.string(), z.unknown()).optional(),
  envVars: z.record(z.string(), z.string()).optional(),
  models: z
    .array(z.strictObject({ name: z.string(), source: z.string(), sizeGb: z.number().min(0) }))
    .optional(),
  /** Log lines printed before the JSON document (default: a few INFO/WARNING lines). */
  noise: z.array(z.string()).optional(),
});

/** What a container does; shared by pod rules and an InferenceService's inline predictor behaviour. */
export const PodBehaviourSchema = z.strictObject({
  /** The pod is never bound; a `FailedScheduling` Warning event carries this message. */
  scheduleError: z.string().optional(),
  /** Containers (of the matched image, else all) fail to pull: `ErrImagePull`, then `ImagePullBackOff`. */
  pullError: z.string().optional(),
  /** Seconds from binding until the containers run (default 0.5). */
  startAfterSeconds: Seconds.optional(),
  /** Seconds from container start until Ready (long-running pods; default 0). */
  readyAfterSeconds: Seconds.optional(),
  /** Seconds the containers run before they exit (default 1). */
  runSeconds: Seconds.optional(),
  /** Never exits. Default: true for restartPolicy Always pods that have no `exit`. */
  longRunning: z.boolean().optional(),
  exit: ExitSchema.optional(),
  /** The containers' whole log; replaces the generated one (discovery JSON, check-size line…). */
  logs: z.string().optional(),
  /** Size a check-size pod reports (default 536870912 = 512Mi). */
  sizeBytes: z.number().int().min(0).optional(),
  /** Discovery (`dry-run --format=json`) output. */
  dryRun: DryRunSchema.optional(),
  /** Download pods: AIMArtifact progress script. */
  progress: DownloadProgressSchema.optional(),
  /** Download pods: integrity verification fails after 100 % (exit 1). */
  verifyFails: z.boolean().optional(),
});

export const PodRuleSchema = PodBehaviourSchema.extend({
  /** Shown in the simulator's log; referenced by an InferenceService rule's `predictorPodRule`. */
  name: z.string().optional(),
  match: PodMatchSchema.prefault({}),
});

export const InferenceServiceRuleSchema = z.strictObject({
  name: z.string().optional(),
  match: ObjectMatch.prefault({}),
  /** false: never Ready (PredictorReady stays False). */
  ready: z.boolean().default(true),
  /** Ready no earlier than this many seconds after the InferenceService appeared, and only with its pods Ready. */
  readyAfterSeconds: Seconds.default(1),
  /** KServe reports a model load failure (`FailedToLoad`, `lastFailureInfo`). */
  failure: z
    .strictObject({
      reason: z.string().default('ModelLoadFailed'),
      message: z.string(),
      exitCode: z.number().int().optional(),
    })
    .optional(),
  /** Create predictor pods (default true); without pods readiness depends on the rule alone. */
  createPods: z.boolean().default(true),
  /** Name of a pod rule that the predictor pods follow. */
  predictorPodRule: z.string().optional(),
  /** Inline behaviour of the predictor pods (wins over `predictorPodRule`). */
  predictorPod: PodBehaviourSchema.optional(),
  /** A Warning (or Normal) event recorded once on the InferenceService, e.g. reason `InternalError`. */
  event: z
    .strictObject({
      type: z.enum(['Normal', 'Warning']).default('Warning'),
      reason: z.string(),
      message: z.string(),
    })
    .optional(),
});

export const HttpRouteRuleSchema = z.strictObject({
  name: z.string().optional(),
  match: ObjectMatch.prefault({}),
  accepted: z.boolean().default(true),
  /** Reason of the Accepted condition (default `Accepted`, or `NotAllowedByListeners` when not accepted). */
  reason: z.string().optional(),
  message: z.string().optional(),
  resolvedRefs: z.boolean().default(true),
  afterSeconds: Seconds.default(0),
});

export const PvcRuleSchema = z.strictObject({
  name: z.string().optional(),
  match: ObjectMatch.extend({ storageClass: z.string().optional() }).prefault({}),
  /** false: the claim stays Pending. */
  bind: z.boolean().default(true),
  afterSeconds: Seconds.default(1),
  /** Mark the claim Lost (after `afterSeconds`). */
  lost: z.boolean().default(false),
});

export const NodeSchema = z.strictObject({
  name: z.string().min(1),
  labels: z.record(z.string(), z.string()).default({}),
  /** Merged over the default capacity (cpu, memory, ephemeral-storage, pods, amd.com/gpu). */
  capacity: z.record(z.string(), z.string()).default({}),
  taints: z
    .array(
      z.strictObject({
        key: z.string(),
        value: z.string().optional(),
        effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']),
      }),
    )
    .default([]),
});

const section = <T extends z.ZodType>(rule: T) =>
  z.strictObject({ enabled: z.boolean().default(true), rules: z.array(rule).default([]) }).prefault({});

export const SimulatorRulesSchema = z.strictObject({
  /** false: the simulator touches nothing (a test writes statuses itself). */
  enabled: z.boolean().default(true),
  /**
   * Globs on namespaces the simulator leaves alone, so a test there sees what the functions do by
   * themselves: nothing is scheduled, run, bound, reported or recorded for their objects.
   */
  ignoredNamespaces: z.array(z.string()).default([]),
  nodes: z
    .strictObject({ enabled: z.boolean().default(true), items: z.array(NodeSchema).prefault(DEFAULT_NODES) })
    .prefault({}),
  pods: z
    .strictObject({
      /** Scheduling, pod lifecycle, container logs and pod deletion. */
      enabled: z.boolean().default(true),
      /** Download pods patch their AIMArtifact's status (progress, download). */
      artifactStatus: z.boolean().default(true),
      rules: z.array(PodRuleSchema).default([]),
    })
    .prefault({}),
  inferenceServices: section(InferenceServiceRuleSchema),
  httpRoutes: section(HttpRouteRuleSchema),
  pvcs: section(PvcRuleSchema),
});

export type SimulatorRules = z.output<typeof SimulatorRulesSchema>;
export type SimulatorRulesInput = z.input<typeof SimulatorRulesSchema>;
export type PodRule = z.output<typeof PodRuleSchema>;
export type PodBehaviourRule = z.output<typeof PodBehaviourSchema>;
export type PodMatch = z.output<typeof PodMatchSchema>;
export type InferenceServiceRule = z.output<typeof InferenceServiceRuleSchema>;
export type HttpRouteRule = z.output<typeof HttpRouteRuleSchema>;
export type PvcRule = z.output<typeof PvcRuleSchema>;
export type SimulatedNode = z.output<typeof NodeSchema>;
export type SimulatedNodeInput = z.input<typeof NodeSchema>;
export type DownloadProgressRule = z.output<typeof DownloadProgressSchema>;
export type DryRunRule = z.output<typeof DryRunSchema>;

export type RulesParseResult = { ok: true; rules: SimulatorRules } | { ok: false; error: string };

/** Validates a rules object (e.g. built by a test). */
export function parseRules(input: unknown): RulesParseResult {
  const result = SimulatorRulesSchema.safeParse(input ?? {});
  if (result.success) return { ok: true, rules: result.data };
  return { ok: false, error: z.prettifyError(result.error) };
}

/** Parses the ConfigMap's YAML text; an empty document means all defaults. */
export function parseRulesYaml(text: string): RulesParseResult {
  let document: unknown;
  try {
    document = parse(text);
  } catch (err) {
    return {
      ok: false,
      error: `rules.yaml is not valid YAML: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  return parseRules(document);
}

export function renderRulesYaml(rules: SimulatorRulesInput): string {
  return stringify(rules, { lineWidth: 0 });
}
