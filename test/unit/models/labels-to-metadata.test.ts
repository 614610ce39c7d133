import { describe, expect, it } from 'vitest';
import { metadataFromLabels, parseGoBool, splitList } from '../../../shared/models/labels-to-metadata.ts';
import { InvalidImageMetadataError } from '../../../shared/models/metadata-error.ts';

/** The labels of ghcr.io/silogen/aim-dummy:0.1.x (spec §7.2 example), in the legacy namespace. */
const AIM_DUMMY_LABELS = {
  'org.amd.silogen.model.canonicalName': 'HuggingFaceTB/SmolLM2-135M',
  'org.amd.silogen.model.source': 'hf://HuggingFaceTB/SmolLM2-135M',
  'org.amd.silogen.hfToken.required': 'False',
  'org.amd.silogen.model.recommendedDeployments':
    "[{'gpuModel': 'MI300X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'latency'}, " +
    "{'gpuModel': 'MI300X', 'gpuCount': 1, 'precision': 'fp16', 'metric': 'latency', 'profileId': 'mi300x-fp16-latency-unopt'}, " +
    "{'gpuModel': 'MI300X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'throughput'}, " +
    "{'gpuModel': 'MI325X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'latency', 'profileId': 'mi325x-fp8-latency'}, " +
    "{'gpuModel': 'MI325X', 'gpuCount': 1, 'precision': 'fp8', 'metric': 'throughput', 'profileId': 'mi325x-fp8-throughput'}]",
  'org.opencontainers.image.title': 'AIM dummy',
  'org.opencontainers.image.licenses': 'MIT',
};

describe('metadataFromLabels', () => {
  it('maps the aim-dummy labels', () => {
    const metadata = metadataFromLabels(AIM_DUMMY_LABELS);
    expect(metadata.model).toMatchObject({
      canonicalName: 'HuggingFaceTB/SmolLM2-135M',
      source: 'hf://HuggingFaceTB/SmolLM2-135M',
      hfTokenRequired: false,
    });
    expect(metadata.model?.recommendedDeployments).toHaveLength(5);
    expect(metadata.model?.recommendedDeployments?.[3]).toEqual({
      gpuModel: 'MI325X',
      gpuCount: 1,
      precision: 'fp8',
      metric: 'latency',
      profileId: 'mi325x-fp8-latency',
    });
    expect(metadata.oci).toEqual({ title: 'AIM dummy', licenses: 'MIT' });
    expect(metadata.originalLabels).toEqual(AIM_DUMMY_LABELS);
  });

  it('prefers com.amd.aim over the legacy namespace, and the legacy one over the aim.eai.amd.com alias', () => {
    const metadata = metadataFromLabels({
      'com.amd.aim.model.canonicalName': 'new/name',
      'org.amd.silogen.model.canonicalName': 'old/name',
      'org.amd.silogen.title': 'Legacy title',
      'com.amd.aim.title': '   ',
      'aim.eai.amd.com/model.recommended-deployments': '[{"gpuModel":"MI250","gpuCount":2}]',
      'org.amd.silogen.model.recommendedDeployments': '[{"gpuModel":"MI300X","gpuCount":1}]',
    });
    expect(metadata.model?.canonicalName).toBe('new/name');
    expect(metadata.model?.title).toBe('Legacy title');
    expect(metadata.model?.recommendedDeployments).toEqual([{ gpuModel: 'MI300X', gpuCount: 1 }]);
  });

  it('accepts the aim.eai.amd.com/model.recommended-deployments label of the product documents', () => {
    const metadata = metadataFromLabels({
      'aim.eai.amd.com/model.recommended-deployments':
        '[{"gpuModel": "MI300X", "gpuCount": 4, "precision": "fp16", "metric": "throughput"}]',
    });
    expect(metadata.model?.recommendedDeployments).toEqual([
      { gpuModel: 'MI300X', gpuCount: 4, precision: 'fp16', metric: 'throughput' },
    ]);
  });

  it('splits list labels and fills OCI fields from annotations only when labels lack them', () => {
    const metadata = metadataFromLabels(
      {
        'com.amd.aim.model.tags': ' chat, ,instruct ,',
        'com.amd.aim.model.versions': '1.0',
        'org.opencontainers.image.source': 'https://label.example',
      },
      {
        'org.opencontainers.image.source': 'https://annotation.example',
        'org.opencontainers.image.revision': 'abc',
      },
    );
    expect(metadata.model).toEqual({ tags: ['chat', 'instruct'], versions: ['1.0'] });
    expect(metadata.oci).toEqual({ source: 'https://label.example', revision: 'abc' });
    expect(Object.keys(metadata.originalLabels ?? {})).not.toContain('org.opencontainers.image.revision');
  });

  it('ignores an hfToken.required value Go would not parse', () => {
    expect(metadataFromLabels({ 'com.amd.aim.hfToken.required': 'yes' }).model).toBeUndefined();
    expect(metadataFromLabels({ 'com.amd.aim.hfToken.required': 'TRUE' }).model?.hfTokenRequired).toBe(true);
  });

  it('gives an image without labels empty metadata', () => {
    expect(metadataFromLabels({})).toEqual({});
  });

  it('reports a malformed recommendedDeployments label', () => {
    expect(() =>
      metadataFromLabels({ 'com.amd.aim.model.recommendedDeployments': '[{"gpuModel": "MI300X",' }),
    ).toThrow(/recommendedDeployments label is not valid JSON/);
    expect(() =>
      metadataFromLabels({ 'com.amd.aim.model.recommendedDeployments': '[{"metric": "balanced"}]' }),
    ).toThrow('recommendedDeployments[0].metric "balanced" is not one of latency, throughput');
  });

  it('refuses hostile label sets with a message naming the label', () => {
    const huge = { 'com.amd.aim.release.notes': 'x'.repeat(40_000) };
    expect(() => metadataFromLabels(huge)).toThrow(
      'labels "com.amd.aim.release.notes" is 40000 bytes; at most 32768',
    );
    const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`label.${i}`, 'v']));
    expect(() => metadataFromLabels(many)).toThrow('600 labels; at most 512');
    const longKey = { ['k'.repeat(300)]: 'v' };
    expect(() => metadataFromLabels(longKey)).toThrow(/key "k+…" is 300 bytes/);
    const bulky = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`l${i}`, 'y'.repeat(30_000)]));
    expect(() => metadataFromLabels(bulky)).toThrow(InvalidImageMetadataError);
    expect(() =>
      metadataFromLabels({}, { 'org.opencontainers.image.description': 'z'.repeat(40_000) }),
    ).toThrow('annotations "org.opencontainers.image.description"');
  });
});

describe('helpers', () => {
  it('parseGoBool follows strconv.ParseBool', () => {
    for (const value of ['1', 't', 'T', 'TRUE', 'true', 'True']) expect(parseGoBool(value)).toBe(true);
    for (const value of ['0', 'f', 'F', 'FALSE', 'false', 'False']) expect(parseGoBool(value)).toBe(false);
    expect(parseGoBool('tRuE')).toBeUndefined();
  });

  it('splitList trims and drops empties', () => {
    expect(splitList('a, b ,,c,')).toEqual(['a', 'b', 'c']);
  });
});
