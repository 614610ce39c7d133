import { describe, expect, it } from 'vitest';
import { globMatches } from '../../../../local/simulator/glob.ts';
import {
  firstMatching,
  firstMatchingPodRule,
  objectMatches,
  podMatches,
} from '../../../../local/simulator/match.ts';
import { PodRuleSchema } from '../../../../local/simulator/rules.ts';
import { pod } from './pods.ts';

describe('globMatches', () => {
  it('matches whole strings with * and ?', () => {
    expect(globMatches('ghcr.io/*', 'ghcr.io/amd/aim:1')).toBe(true);
    expect(globMatches('ghcr.io/*', 'docker.io/ghcr.io/x')).toBe(false);
    expect(globMatches('model-?', 'model-a')).toBe(true);
    expect(globMatches('model-?', 'model-ab')).toBe(false);
  });

  it('treats regular expression characters literally', () => {
    expect(globMatches('a.b+(c)', 'a.b+(c)')).toBe(true);
    expect(globMatches('a.b', 'axb')).toBe(false);
  });
});

describe('objectMatches', () => {
  const object = { namespace: 'team-a', name: 'svc-1', labels: { app: 'chat', tier: 'gpu' } };

  it('matches everything with an empty match', () => {
    expect(objectMatches({}, object)).toBe(true);
  });

  it('requires every given field', () => {
    expect(objectMatches({ namespace: 'team-*', name: 'svc-?' }, object)).toBe(true);
    expect(objectMatches({ namespace: 'team-b' }, object)).toBe(false);
    expect(objectMatches({ labels: { app: 'chat', tier: 'g*' } }, object)).toBe(true);
    expect(objectMatches({ labels: { app: 'other' } }, object)).toBe(false);
  });

  it("reads '*' as label exists", () => {
    expect(objectMatches({ labels: { tier: '*' } }, object)).toBe(true);
    expect(objectMatches({ labels: { missing: '*' } }, object)).toBe(false);
  });

  it('takes the first matching rule', () => {
    const rules = [
      { name: 'a', match: { name: 'other' } },
      { name: 'b', match: { namespace: 'team-a' } },
      { name: 'c', match: {} },
    ];
    expect(firstMatching(rules, object)?.name).toBe('b');
  });
});

describe('podMatches', () => {
  const download = pod('dl', {
    labels: { 'aim.eai.amd.com/component': 'download' },
    containers: [
      {
        name: 'model-download',
        image: 'ghcr.io/silogen/aim-artifact-downloader:0.2.0',
        args: ['hf://org/private-model'],
      },
    ],
  });

  it('matches on image, args and container globs of any container', () => {
    expect(podMatches({ image: 'ghcr.io/silogen/*' }, download)).toBe(true);
    expect(podMatches({ args: 'hf://org/private-*' }, download)).toBe(true);
    expect(podMatches({ args: 's3://*' }, download)).toBe(false);
    expect(
      podMatches({ container: 'model-*', labels: { 'aim.eai.amd.com/component': 'download' } }, download),
    ).toBe(true);
  });

  it('needs one container to satisfy all container-level globs together', () => {
    const twoContainers = pod('p', {
      containers: [
        { name: 'a', image: 'img-a', args: ['x'] },
        { name: 'b', image: 'img-b', args: ['y'] },
      ],
    });
    expect(podMatches({ image: 'img-a', args: 'x' }, twoContainers)).toBe(true);
    expect(podMatches({ image: 'img-a', args: 'y' }, twoContainers)).toBe(false);
  });

  describe('env', () => {
    const discovery = pod('discover', {
      containers: [
        {
          name: 'discovery',
          image: 'ghcr.io/amd/aim-dummy:1',
          env: [
            { name: 'AIM_PRECISION', value: 'fp8' },
            { name: 'AIM_GPU_MODEL', value: 'MI300X' },
            { name: 'AIM_PROFILE_ID', valueFrom: { configMapKeyRef: { name: 'p', key: 'id' } } },
          ],
        },
        { name: 'sidecar', image: 'busybox', env: [{ name: 'AIM_METRIC', value: 'latency' }] },
      ],
    });

    it('matches globs on the literal values of one container', () => {
      expect(podMatches({ env: { AIM_PRECISION: 'fp8', AIM_GPU_MODEL: 'MI3*' } }, discovery)).toBe(true);
      expect(podMatches({ env: { AIM_PRECISION: 'fp16' } }, discovery)).toBe(false);
      expect(podMatches({ env: { AIM_GPU_COUNT: '*' } }, discovery)).toBe(false);
    });

    it('never matches a variable set with valueFrom', () => {
      expect(podMatches({ env: { AIM_PROFILE_ID: '*' } }, discovery)).toBe(false);
    });

    it('combines with the other container-level globs on the same container', () => {
      expect(podMatches({ image: 'ghcr.io/amd/*', env: { AIM_PRECISION: 'fp8' } }, discovery)).toBe(true);
      expect(podMatches({ container: 'sidecar', env: { AIM_PRECISION: 'fp8' } }, discovery)).toBe(false);
      expect(podMatches({ env: { AIM_PRECISION: 'fp8', AIM_METRIC: 'latency' } }, discovery)).toBe(false);
      expect(podMatches({ container: 'sidecar', env: { AIM_METRIC: 'lat*' } }, discovery)).toBe(true);
    });
  });

  it('returns the first matching pod rule', () => {
    const rules = [
      PodRuleSchema.parse({ name: 'other', match: { image: 'nope' } }),
      PodRuleSchema.parse({ name: 'by-env', match: { env: { ARTIFACT_NAME: 'other' } } }),
      PodRuleSchema.parse({ name: 'private', match: { args: 'hf://org/private-*' } }),
      PodRuleSchema.parse({ name: 'all' }),
    ];
    expect(firstMatchingPodRule(rules, download)?.name).toBe('private');
  });
});
