import type { DownloadProgressRule } from './rules.ts';

/** `status.progress` of an AIMArtifact as the downloader patches it (spec aim-engine.md §12.2). */
export interface ArtifactProgress {
  percentage: number;
  displayPercentage: string;
  downloadedBytes: number;
  totalBytes: number;
}

/** `status.download` of an AIMArtifact. */
export interface ArtifactDownload {
  protocol: string;
  attempt: number;
  totalAttempts: number;
  protocolSequence: string;
  message: string;
}

export interface DownloadMoment {
  /** Seconds after the container started. */
  at: number;
  log: string;
  progress?: ArtifactProgress;
  download?: ArtifactDownload;
}

export interface DownloadScript {
  moments: DownloadMoment[];
  /** Seconds after the container started when it exits. */
  endsAt: number;
  exitCode: number;
}

export interface DownloadScriptInput {
  uri: string;
  /** `AIM_DOWNLOADER_PROTOCOL` split on commas. */
  protocols: string[];
  totalBytes: number;
  progress: DownloadProgressRule;
  /** Seconds without progress before a stalled download gives up (the rule's, else the pod's). */
  stallTimeoutSeconds: number;
  verifyFails: boolean;
}

function progressOf(percentage: number, totalBytes: number): ArtifactProgress {
  return {
    percentage,
    displayPercentage: `${percentage} %`,
    downloadedBytes: Math.round((totalBytes * percentage) / 100),
    totalBytes,
  };
}

/**
 * The downloader's whole run as a timeline: protocol attempts in order (a failing protocol falls
 * back to the next), progress steps one interval apart, 100 % then verification, or a stall that
 * ends the run after the stall timeout. Pure, so "what has the downloader reported by now" is a
 * lookup (`downloadStateAt`).
 */
export function downloadScript(input: DownloadScriptInput): DownloadScript {
  const { progress, totalBytes } = input;
  const protocols = input.protocols.length > 0 ? input.protocols : ['XET'];
  const sequence = protocols.join(',');
  const moments: DownloadMoment[] = [{ at: 0, log: `Starting download of ${input.uri}` }];
  let t = 0;
  const attemptStatus = (protocol: string, attempt: number, message: string): ArtifactDownload => ({
    protocol,
    attempt,
    totalAttempts: protocols.length,
    protocolSequence: sequence,
    message,
  });

  for (const [index, protocol] of protocols.entries()) {
    const attempt = index + 1;
    const downloading = attemptStatus(protocol, attempt, `Downloading with ${protocol}`);
    moments.push({ at: t, log: downloading.message, download: downloading });
    if (progress.failProtocols.includes(protocol)) {
      t += progress.intervalSeconds;
      const failed = attemptStatus(protocol, attempt, `Failed with ${protocol}`);
      moments.push({ at: t, log: `${failed.message}; cleaning incomplete files`, download: failed });
      // The failure stays visible for a moment before the next protocol's attempt reports.
      t += progress.intervalSeconds / 2;
      continue;
    }
    const steps = [...progress.steps].sort((a, b) => a - b);
    for (const step of steps) {
      if (progress.stallAt !== undefined && step >= progress.stallAt) break;
      if (step >= 100) break;
      t += progress.intervalSeconds;
      moments.push({ at: t, log: `Progress: ${step} %`, progress: progressOf(step, totalBytes) });
    }
    if (progress.stallAt !== undefined && progress.stallAt < 100) {
      t += progress.intervalSeconds;
      moments.push({
        at: t,
        log: `Progress: ${progress.stallAt} %`,
        progress: progressOf(progress.stallAt, totalBytes),
      });
      t += input.stallTimeoutSeconds;
      moments.push({
        at: t,
        log: `Download stalled: no progress for ${input.stallTimeoutSeconds}s, aborting`,
      });
      return { moments, endsAt: t, exitCode: 1 };
    }
    t += progress.intervalSeconds;
    const verifying = attemptStatus(protocol, attempt, 'Verifying integrity...');
    moments.push({
      at: t,
      log: 'Download finished; verifying integrity...',
      progress: progressOf(100, totalBytes),
    });
    moments.push({ at: t, log: verifying.message, download: verifying });
    t += progress.verifySeconds;
    if (input.verifyFails) {
      moments.push({ at: t, log: 'ERROR: integrity verification failed: checksum mismatch' });
      return { moments, endsAt: t, exitCode: 1 };
    }
    moments.push({ at: t, log: 'Download and verification complete' });
    return { moments, endsAt: t, exitCode: 0 };
  }
  const exhausted = attemptStatus(
    protocols.at(-1) ?? 'XET',
    protocols.length,
    `All ${protocols.length} attempts exhausted`,
  );
  moments.push({ at: t, log: `ERROR: ${exhausted.message}`, download: exhausted });
  return { moments, endsAt: t, exitCode: 1 };
}

export interface DownloadState {
  /** Index of the last moment reached; changes exactly when something new was reported. */
  index: number;
  progress?: ArtifactProgress;
  download?: ArtifactDownload;
  logLines: string[];
}

/** What the downloader has reported `elapsedSeconds` after its container started. */
export function downloadStateAt(script: DownloadScript, elapsedSeconds: number): DownloadState {
  const state: DownloadState = { index: -1, logLines: [] };
  for (const [index, moment] of script.moments.entries()) {
    if (moment.at > elapsedSeconds) break;
    state.index = index;
    state.logLines.push(moment.log);
    if (moment.progress) state.progress = moment.progress;
    if (moment.download) state.download = moment.download;
  }
  return state;
}
