import { describe, expect, it } from 'vitest';
import {
  podRole,
  resolvePodBehaviour,
  stallTimeoutSeconds,
} from '../../../../local/simulator/pod-behaviour.ts';
import {
  DEFAULT_RULES,
  DownloadProgressSchema,
  SimulatorRulesSchema,
} from '../../../../local/simulator/rules.ts';
import { pod } from './pods.ts';

const downloadPod = (env: Record<string, string> = {}) =>
  pod('dl', {
    labels: { 'aim.eai.amd.com/component': 'download' },
    containers: [
      {
        name: 'model-download',
        image: 'ghcr.io/silogen/aim-artifact-downloader:0.2.0',
        args: ['hf://org/model'],
        env: Object.entries({ ARTIFACT_NAME: 'art', ARTIFACT_NAMESPACE: 'ns', ...env }).map(
          ([name, value]) => ({
            name,
            value,
          }),
        ),
      },
    ],
    spec: { restartPolicy: 'Never' },
  });

const discoveryPod = pod('discover', {
  labels: { 'aim.eai.amd.com/template': 'tpl' },
  containers: [{ name: 'discovery', image: 'ghcr.io/amd/aim-dummy:1', args: ['dry-run', '--format=json'] }],
  spec: { restartPolicy: 'Never' },
});

describe('podRole', () => {
  it('recognises the AIM workloads by labels, env and args', () => {
    expect(podRole(downloadPod())).toBe('download');
    expect(podRole(pod('cs', { labels: { 'aim.eai.amd.com/component': 'check-size' } }))).toBe('check-size');
    expect(podRole(discoveryPod)).toBe('discovery');
    expect(podRole(pod('p', { labels: { 'serving.kserve.io/inferenceservice': 'x' } }))).toBe('predictor');
    expect(podRole(pod('plain'))).toBe('generic');
    // A download label without the artifact env is not a downloader.
    expect(podRole(pod('x', { labels: { 'aim.eai.amd.com/component': 'download' } }))).toBe('generic');
  });
});

describe('resolvePodBehaviour', () => {
  const defaults = SimulatorRulesSchema.parse(DEFAULT_RULES);

  it('runs Job-like pods for a second and long-runs restartPolicy Always pods', () => {
    const job = resolvePodBehaviour(pod('j', { spec: { restartPolicy: 'Never' } }), defaults);
    expect(job).toMatchObject({
      ruleName: 'default',
      longRunning: false,
      runSeconds: 1,
      exit: { code: 0, reason: 'Completed' },
    });
    const server = resolvePodBehaviour(pod('s'), defaults);
    expect(server.longRunning).toBe(true);
  });

  it('an explicit exit ends even a restartPolicy Always pod', () => {
    const rules = SimulatorRulesSchema.parse({
      pods: { rules: [{ exit: { code: 137, reason: 'OOMKilled' } }] },
    });
    expect(resolvePodBehaviour(pod('s'), rules)).toMatchObject({
      longRunning: false,
      exit: { code: 137, reason: 'OOMKilled' },
    });
    const error = SimulatorRulesSchema.parse({ pods: { rules: [{ exit: { code: 2 } }] } });
    expect(resolvePodBehaviour(pod('s'), error).exit.reason).toBe('Error');
  });

  it('scopes a pull failure to the containers of the matched image', () => {
    const rules = SimulatorRulesSchema.parse({
      pods: { rules: [{ match: { image: 'private.example.com/*' }, pullError: 'unauthorized' }] },
    });
    const p = pod('p', {
      containers: [
        { name: 'app', image: 'private.example.com/app:1' },
        { name: 'sidecar', image: 'public/sidecar:1' },
      ],
    });
    expect(resolvePodBehaviour(p, rules)).toMatchObject({ pullError: 'unauthorized', pullFailing: ['app'] });
  });

  it('times a download pod by its script unless the rule sets an exit', () => {
    const behaviour = resolvePodBehaviour(downloadPod({ EXPECTED_SIZE_BYTES: '2048' }), defaults);
    expect(behaviour.role).toBe('download');
    expect(behaviour.runSeconds).toBe(behaviour.download?.endsAt);
    expect(behaviour.exit.code).toBe(0);
    const failing = SimulatorRulesSchema.parse({
      pods: {
        rules: [{ match: { args: 'hf://org/*' }, progress: { failProtocols: ['XET', 'HF_TRANSFER'] } }],
      },
    });
    expect(resolvePodBehaviour(downloadPod(), failing).exit.code).toBe(1);
    const notFound = SimulatorRulesSchema.parse({
      pods: { rules: [{ logs: 'Repository Not Found', exit: { code: 1 }, runSeconds: 2 }] },
    });
    expect(resolvePodBehaviour(downloadPod(), notFound)).toMatchObject({
      runSeconds: 2,
      exit: { code: 1, reason: 'Error' },
    });
  });

  it("stalls for the pod's STALL_TIMEOUT unless the rule sets stallTimeoutSeconds", () => {
    const stall = (progress: object) =>
      SimulatorRulesSchema.parse({
        pods: { rules: [{ progress: { steps: [50, 100], stallAt: 50, ...progress } }] },
      });
    // Progress reaches 50 % one interval after the start, then nothing for the stall timeout.
    const fromEnv = resolvePodBehaviour(downloadPod({ STALL_TIMEOUT: '120' }), stall({}));
    expect(fromEnv).toMatchObject({ runSeconds: 121, exit: { code: 1 } });
    expect(resolvePodBehaviour(downloadPod({ STALL_TIMEOUT: '30' }), stall({})).runSeconds).toBe(31);
    const shortcut = resolvePodBehaviour(
      downloadPod({ STALL_TIMEOUT: '120' }),
      stall({ stallTimeoutSeconds: 3 }),
    );
    expect(shortcut.runSeconds).toBe(4);
  });

  it('reads STALL_TIMEOUT as seconds, falling back to 120', () => {
    const unset = DownloadProgressSchema.parse({});
    expect(unset.stallTimeoutSeconds).toBeUndefined();
    expect(stallTimeoutSeconds(unset, { STALL_TIMEOUT: '45' })).toBe(45);
    expect(stallTimeoutSeconds(unset, { STALL_TIMEOUT: ' 2.5 ' })).toBe(2.5);
    expect(stallTimeoutSeconds(unset, { STALL_TIMEOUT: '0' })).toBe(0);
    for (const bad of ['', 'soon', '-1', 'Infinity']) {
      expect(stallTimeoutSeconds(unset, { STALL_TIMEOUT: bad }), bad).toBe(120);
    }
    expect(stallTimeoutSeconds(undefined, {})).toBe(120);
    expect(stallTimeoutSeconds({ ...unset, stallTimeoutSeconds: 0 }, { STALL_TIMEOUT: '45' })).toBe(0);
  });

  it("gives predictor pods their InferenceService rule's behaviour", () => {
    const rules = SimulatorRulesSchema.parse({
      pods: { rules: [{ name: 'crash', exit: { code: 1 } }, { name: 'fine' }] },
      inferenceServices: {
        rules: [
          {
            name: 'oom',
            match: { name: 'oom-*' },
            predictorPod: { exit: { code: 137, reason: 'OOMKilled' } },
          },
          { name: 'by-name', match: { labels: { team: 'a' } }, predictorPodRule: 'fine' },
        ],
      },
    });
    const predictor = (isvc: string, labels: Record<string, string> = {}) =>
      pod(`${isvc}-predictor-abc-xyz`, { labels: { 'serving.kserve.io/inferenceservice': isvc, ...labels } });
    expect(resolvePodBehaviour(predictor('oom-1'), rules)).toMatchObject({
      ruleName: 'oom/predictorPod',
      exit: { reason: 'OOMKilled' },
    });
    expect(resolvePodBehaviour(predictor('chat', { team: 'a' }), rules)).toMatchObject({
      ruleName: 'fine',
      longRunning: true,
    });
    expect(resolvePodBehaviour(predictor('other'), rules).ruleName).toBe('crash');
  });

  it('falls back to defaults when no rule matches', () => {
    const rules = SimulatorRulesSchema.parse({ pods: { rules: [{ match: { namespace: 'elsewhere' } }] } });
    expect(resolvePodBehaviour(pod('p'), rules)).toMatchObject({
      ruleName: '(defaults)',
      startAfterSeconds: 0.5,
    });
  });
});
