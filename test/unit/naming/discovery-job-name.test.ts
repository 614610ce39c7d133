import { describe, expect, it } from 'vitest';
import { discoveryJobName, discoverySpecHash } from '../../../shared/naming/discovery-job-name.ts';

const full = {
  templateName: 'tpl',
  modelName: 'm',
  image: 'img',
  serviceAccountName: 'sa',
  env: [{ name: 'A', value: '1' }],
  imagePullSecrets: [{ name: 's' }],
  metric: 'latency',
  precision: 'fp8',
  gpu: { model: 'MI300X', requests: 1 },
  profileId: 'p',
};

describe('discoveryJobName (spec §8.4)', () => {
  it('hashes the plain concatenation of everything the job runs with', () => {
    // sha256("mimgsaA1slatencyfp8MI300X1p") = 02f2b776…
    expect(discoveryJobName(full)).toBe('discover-tpl-02f2b776');
  });

  it('hashes only model name and image when nothing else is set', () => {
    // sha256("mimg") = db98cf3b…
    expect(discoveryJobName({ templateName: 'tpl', modelName: 'm', image: 'img' })).toBe(
      'discover-tpl-db98cf3b',
    );
  });

  it('changes with any input', () => {
    const base = discoveryJobName(full);
    expect(discoveryJobName({ ...full, env: [{ name: 'A', value: '2' }] })).not.toBe(base);
    expect(discoveryJobName({ ...full, gpu: { model: 'MI300X', requests: 2 } })).not.toBe(base);
    expect(discoveryJobName({ ...full, serviceAccountName: 'other' })).not.toBe(base);
  });

  it('keeps Job names of long templates within 63 characters (the pods carry it as a label value)', () => {
    const name = discoveryJobName({
      ...full,
      templateName: 'ghcr-io-silogen-aim-dummy-0-1-10-1x-mi300x-lat-fp8-ac4a',
    });
    expect(name).toBe('discover-ghcr-io-silogen-aim-dummy-0-1-10-1x-mi300x-la-02f2b776');
    expect(name).toHaveLength(63);
  });
});

describe('discoverySpecHash (spec §8.6)', () => {
  it('is 16 hex characters over model, image, metric, precision, GPU and profile', () => {
    // sha256("mimglatencyfp8MI300X1p") = 26b906171c0970af…
    expect(discoverySpecHash(full)).toBe('26b906171c0970af');
  });

  it('ignores env, service account and pull secrets', () => {
    expect(discoverySpecHash({ ...full, serviceAccountName: 'x', env: [] } as typeof full)).toBe(
      '26b906171c0970af',
    );
  });
});
