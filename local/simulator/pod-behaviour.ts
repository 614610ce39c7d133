import { ENV } from '../../shared/constants/env.ts';
import { LABEL_VALUES, LABELS } from '../../shared/constants/labels.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import { type DownloadScript, downloadScript } from './download-script.ts';
import { firstMatching, matchedContainers, podMatches } from './match.ts';
import { firstContainerArgs, firstContainerEnv } from './pod-env.ts';
import {
  type DownloadProgressRule,
  DownloadProgressSchema,
  type DryRunRule,
  type PodBehaviourRule,
  type PodMatch,
  type SimulatorRules,
} from './rules.ts';

export const ISVC_LABEL = 'serving.kserve.io/inferenceservice';

/** What kind of workload a pod is; decides which log the simulator generates for it. */
export type PodRole = 'discovery' | 'check-size' | 'download' | 'predictor' | 'generic';

export function podRole(pod: KubeObject): PodRole {
  const labels = pod.metadata.labels ?? {};
  const component = labels[LABELS.component];
  if (component === LABEL_VALUES.component.download && firstContainerEnv(pod)[ENV.artifactName])
    return 'download';
  if (component === LABEL_VALUES.component.checkSize) return 'check-size';
  if (labels[LABELS.template] !== undefined && firstContainerArgs(pod).includes('dry-run'))
    return 'discovery';
  if (labels[ISVC_LABEL] !== undefined) return 'predictor';
  return 'generic';
}

export type RestartPolicy = 'Always' | 'OnFailure' | 'Never';

/** A pod's behaviour with every default applied; fixed when the pod is first seen. */
export interface PodBehaviour {
  ruleName: string;
  role: PodRole;
  restartPolicy: RestartPolicy;
  scheduleError?: string;
  pullError?: string;
  /** Containers whose image pull fails. */
  pullFailing: string[];
  startAfterSeconds: number;
  readyAfterSeconds: number;
  /** Seconds from container start to exit (ignored when long-running). */
  runSeconds: number;
  longRunning: boolean;
  exit: { code: number; reason: string; message?: string };
  logs?: string;
  sizeBytes: number;
  dryRun?: DryRunRule;
  download?: DownloadScript;
}

export const DEFAULT_START_AFTER_SECONDS = 0.5;
export const DEFAULT_RUN_SECONDS = 1;
export const DEFAULT_CHECK_SIZE_BYTES = 536870912;

function restartPolicyOf(pod: KubeObject): RestartPolicy {
  const policy = pod.spec?.restartPolicy;
  return policy === 'Never' || policy === 'OnFailure' ? policy : 'Always';
}

interface ChosenRule {
  name: string;
  behaviour: PodBehaviourRule;
  match: PodMatch;
}

/**
 * Predictor pods follow their InferenceService rule's `predictorPod` / `predictorPodRule` when it
 * has one (the InferenceService is identified by the pod's `serving.kserve.io/inferenceservice`
 * label, its labels are copies of the ISVC's); every other pod takes the first matching pod rule.
 */
function chooseRule(pod: KubeObject, rules: SimulatorRules): ChosenRule {
  const isvcName = pod.metadata.labels?.[ISVC_LABEL];
  if (isvcName !== undefined) {
    const isvcRule = firstMatching(rules.inferenceServices.rules, {
      namespace: pod.metadata.namespace,
      name: isvcName,
      labels: pod.metadata.labels,
    });
    const ruleLabel = isvcRule?.name ?? 'inferenceService';
    if (isvcRule?.predictorPod) {
      return { name: `${ruleLabel}/predictorPod`, behaviour: isvcRule.predictorPod, match: {} };
    }
    const named = isvcRule?.predictorPodRule
      ? rules.pods.rules.find((rule) => rule.name === isvcRule.predictorPodRule)
      : undefined;
    if (named)
      return { name: named.name ?? isvcRule?.predictorPodRule ?? '', behaviour: named, match: named.match };
  }
  const index = rules.pods.rules.findIndex((rule) => podMatches(rule.match, pod));
  const rule = rules.pods.rules[index];
  if (!rule) return { name: '(defaults)', behaviour: {}, match: {} };
  return { name: rule.name ?? `pods.rules[${index}]`, behaviour: rule, match: rule.match };
}

/** What the functions set as `STALL_TIMEOUT` on download pods, and the real downloader's default. */
export const DEFAULT_STALL_TIMEOUT_SECONDS = 120;

/**
 * The downloader gives up after `STALL_TIMEOUT` seconds without progress, as the real one reads
 * it from its env; a rule's `stallTimeoutSeconds` wins so that a test need not wait two minutes.
 */
export function stallTimeoutSeconds(
  progress: DownloadProgressRule | undefined,
  env: Record<string, string>,
): number {
  if (progress?.stallTimeoutSeconds !== undefined) return progress.stallTimeoutSeconds;
  const text = env[ENV.stallTimeout]?.trim() ?? '';
  const fromEnv = Number(text);
  return text !== '' && Number.isFinite(fromEnv) && fromEnv >= 0 ? fromEnv : DEFAULT_STALL_TIMEOUT_SECONDS;
}

function defaultExitReason(code: number): string {
  return code === 0 ? 'Completed' : 'Error';
}

/** The behaviour a pod gets from the rules: the matching rule's fields over the defaults. */
export function resolvePodBehaviour(pod: KubeObject, rules: SimulatorRules): PodBehaviour {
  const chosen = chooseRule(pod, rules);
  const rule = chosen.behaviour;
  const role = podRole(pod);
  const restartPolicy = restartPolicyOf(pod);
  const explicitExit = rule.exit !== undefined;
  const behaviour: PodBehaviour = {
    ruleName: chosen.name,
    role,
    restartPolicy,
    pullFailing: [],
    startAfterSeconds: rule.startAfterSeconds ?? DEFAULT_START_AFTER_SECONDS,
    readyAfterSeconds: rule.readyAfterSeconds ?? 0,
    runSeconds: rule.runSeconds ?? DEFAULT_RUN_SECONDS,
    longRunning: rule.longRunning ?? (!explicitExit && restartPolicy === 'Always'),
    exit: {
      code: rule.exit?.code ?? 0,
      reason: rule.exit?.reason ?? defaultExitReason(rule.exit?.code ?? 0),
      ...(rule.exit?.message !== undefined ? { message: rule.exit.message } : {}),
    },
    sizeBytes: rule.sizeBytes ?? DEFAULT_CHECK_SIZE_BYTES,
  };
  if (rule.scheduleError !== undefined) behaviour.scheduleError = rule.scheduleError;
  if (rule.logs !== undefined) behaviour.logs = rule.logs;
  if (rule.dryRun !== undefined) behaviour.dryRun = rule.dryRun;
  if (rule.pullError !== undefined) {
    behaviour.pullError = rule.pullError;
    const imageScoped = chosen.match.image !== undefined || chosen.match.container !== undefined;
    const failing = imageScoped ? matchedContainers(chosen.match, pod) : matchedContainers({}, pod);
    behaviour.pullFailing = failing.map((c) => c.name);
  }
  if (role === 'download') {
    const env = firstContainerEnv(pod);
    const script = downloadScript({
      uri: firstContainerArgs(pod)[0] ?? '',
      protocols: (env[ENV.downloaderProtocol] ?? 'XET,HF_TRANSFER')
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
      totalBytes: Number.parseInt(env[ENV.expectedSizeBytes] ?? '', 10) || DEFAULT_CHECK_SIZE_BYTES,
      progress: rule.progress ?? DownloadProgressSchema.parse({}),
      stallTimeoutSeconds: stallTimeoutSeconds(rule.progress, env),
      verifyFails: rule.verifyFails ?? false,
    });
    behaviour.download = script;
    // The script decides how long the downloader runs and how it ends, unless the rule says so.
    if (!explicitExit) {
      behaviour.runSeconds = rule.runSeconds ?? script.endsAt;
      behaviour.exit = { code: script.exitCode, reason: defaultExitReason(script.exitCode) };
      behaviour.longRunning = rule.longRunning ?? false;
    }
  }
  return behaviour;
}
