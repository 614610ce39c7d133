import { AIM_API_VERSION } from '../../shared/api/group.ts';
import { ENV } from '../../shared/constants/env.ts';
import type { KubeObject } from '../../shared/kube/types.ts';
import type { SimulatorApi } from './api.ts';
import { downloadStateAt } from './download-script.ts';
import type { PodBehaviour } from './pod-behaviour.ts';
import { firstContainerEnv } from './pod-env.ts';

/**
 * Plays the artifact downloader's progress monitor: a download pod patches its AIMArtifact's
 * `status.progress` and `status.download` through the status subresource (merge patch, as
 * `kubectl patch --subresource=status` does), once per new moment of its script.
 */
export class DownloadReporter {
  readonly #reported = new Map<string, number>();

  async sync(
    api: SimulatorApi,
    pod: KubeObject,
    behaviour: PodBehaviour,
    elapsedSeconds: number,
  ): Promise<void> {
    const script = behaviour.download;
    if (!script || behaviour.pullFailing.length > 0) return;
    const sinceStart = elapsedSeconds - behaviour.startAfterSeconds;
    if (sinceStart < 0) return;
    // The container's run ends at runSeconds; nothing is reported after it exited.
    const state = downloadStateAt(script, Math.min(sinceStart, behaviour.runSeconds));
    const uid = pod.metadata.uid ?? pod.metadata.name;
    if (state.index < 0 || this.#reported.get(uid) === state.index) return;
    if (!state.progress && !state.download) {
      this.#reported.set(uid, state.index);
      return;
    }
    const env = firstContainerEnv(pod);
    const name = env[ENV.artifactName];
    if (!name) return;
    const status: Record<string, unknown> = {};
    if (state.progress) status.progress = state.progress;
    if (state.download) status.download = state.download;
    await api.patchStatus(
      {
        apiVersion: AIM_API_VERSION,
        kind: 'AIMArtifact',
        namespace: env[ENV.artifactNamespace] ?? pod.metadata.namespace ?? 'default',
        name,
      },
      status,
    );
    this.#reported.set(uid, state.index);
  }

  retain(uids: ReadonlySet<string>): void {
    for (const uid of this.#reported.keys()) if (!uids.has(uid)) this.#reported.delete(uid);
  }
}
