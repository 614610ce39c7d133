import type { KubeObject } from '../../shared/kube/types.ts';
import { downloadStateAt } from './download-script.ts';
import { renderDryRunLog } from './dry-run.ts';
import type { PodBehaviour } from './pod-behaviour.ts';
import { firstContainerArgs, firstContainerEnv } from './pod-env.ts';
import { containerStartSeconds } from './pod-stage.ts';

export type LogAnswer = { status: 200; text: string } | { status: 400 | 404; message: string };

const PREDICTOR_LOG = [
  'INFO:     Started server process [1]',
  'INFO:     Waiting for application startup.',
  'INFO:     Application startup complete.',
  'INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)',
];

/** The container's log as generated for its role, `elapsedSeconds` after the pod was bound. */
export function generatedLog(pod: KubeObject, behaviour: PodBehaviour, elapsedSeconds: number): string {
  if (behaviour.logs !== undefined) return behaviour.logs;
  switch (behaviour.role) {
    case 'discovery':
      return renderDryRunLog(firstContainerEnv(pod), behaviour.dryRun);
    case 'check-size': {
      const url = firstContainerArgs(pod)[0] ?? '';
      return `Checking size of ${url}\n${JSON.stringify({ url, sizeBytes: behaviour.sizeBytes })}\n`;
    }
    case 'download': {
      if (!behaviour.download) return '';
      const lines = downloadStateAt(
        behaviour.download,
        elapsedSeconds - behaviour.startAfterSeconds,
      ).logLines;
      return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    }
    case 'predictor':
      return `${PREDICTOR_LOG.join('\n')}\n`;
    default:
      return '';
  }
}

/** What the kubelet answers on `GET /containerLogs/{ns}/{pod}/{container}`. */
export function containerLogAt(
  pod: KubeObject,
  container: string,
  behaviour: PodBehaviour,
  elapsedSeconds: number,
): LogAnswer {
  const names = ((pod.spec?.containers ?? []) as { name?: string }[]).map((c) => c.name);
  const inits = ((pod.spec?.initContainers ?? []) as { name?: string }[]).map((c) => c.name);
  if (inits.includes(container)) return { status: 200, text: '' };
  if (!names.includes(container)) {
    return { status: 404, message: `container ${container} is not valid for pod ${pod.metadata.name}` };
  }
  const startsAt = containerStartSeconds(behaviour, container);
  if (startsAt === undefined || elapsedSeconds < startsAt) {
    const reason = startsAt === undefined ? 'trying and failing to pull image' : 'ContainerCreating';
    return {
      status: 400,
      message: `container "${container}" in pod "${pod.metadata.name}" is waiting to start: ${reason}`,
    };
  }
  return { status: 200, text: generatedLog(pod, behaviour, elapsedSeconds) };
}

/** `tailLines` first (last N lines), then `limitBytes`, as the kubelet applies them. */
export function sliceLog(text: string, options: { tailLines?: number; limitBytes?: number }): string {
  let result = text;
  if (options.tailLines !== undefined && options.tailLines >= 0) {
    const lines = result.split('\n');
    const trailingNewline = result.endsWith('\n');
    if (trailingNewline) lines.pop();
    const kept = options.tailLines === 0 ? [] : lines.slice(-options.tailLines);
    result = kept.length === 0 ? '' : `${kept.join('\n')}${trailingNewline ? '\n' : ''}`;
  }
  if (options.limitBytes !== undefined && options.limitBytes >= 0) {
    result = Buffer.from(result, 'utf8').subarray(0, options.limitBytes).toString('utf8');
  }
  return result;
}
