import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterOutcome } from '../../../shared/model-sources/list-filters.ts';
import { desiredClusterModel, imageUri } from '../../../shared/model-sources/source-image.ts';
import { compareTagsNewestFirst, planSource } from '../../../shared/model-sources/source-plan.ts';
import { parseGoDurationSeconds } from '../../../shared/model-sources/sync-schedule.ts';
import { generateModelSourceModelName } from '../../../shared/naming/model-names.ts';

const image = (repository: string, tag: string, registry = 'ghcr.io') => ({ registry, repository, tag });
const ok = (filter: string, ...images: ReturnType<typeof image>[]): FilterOutcome => ({
  filter,
  ok: true,
  images,
});

describe('model source plan', () => {
  it('dedupes across filters, orders repositories by name and tags newest first', () => {
    const plan = planSource(
      [
        ok(
          'org/b*',
          image('org/b', '1.0.0'),
          image('org/b', '1.10.0'),
          image('org/b', 'latest'),
          image('org/b', '1.2.0'),
        ),
        ok('org/*', image('org/a', '2.0.0'), image('org/b', '1.0.0')),
      ],
      [],
      100,
    );
    expect(plan.matched.map(imageUri)).toEqual([
      'ghcr.io/org/b:1.10.0',
      'ghcr.io/org/b:1.2.0',
      'ghcr.io/org/b:1.0.0',
      'ghcr.io/org/b:latest',
      'ghcr.io/org/a:2.0.0',
    ]);
    expect(plan).toMatchObject({ discovered: 5, available: 5, limitReached: false });
  });

  it('adds only new images and never more than maxModels in all', () => {
    const outcomes = [ok('org/*', image('org/a', '1.0.0'), image('org/a', '2.0.0'), image('org/a', '3.0.0'))];
    const plan = planSource(outcomes, ['ghcr.io/org/a:3.0.0', 'ghcr.io/org/gone:1'], 3);
    expect(plan.create.map(imageUri)).toEqual(['ghcr.io/org/a:2.0.0']);
    expect(plan).toMatchObject({ discovered: 3, available: 3, limitReached: false });
    expect(planSource(outcomes, [], 1)).toMatchObject({ discovered: 1, available: 3, limitReached: true });
  });

  it('skips failed filters', () => {
    const plan = planSource(
      [{ filter: 'x', ok: false, error: new Error('no') }, ok('y', image('o/y', '1'))],
      [],
      10,
    );
    expect(plan.create.map(imageUri)).toEqual(['ghcr.io/o/y:1']);
  });

  it('holds the maxModels invariant for any input', () => {
    const arbImage = fc.record({
      registry: fc.constant('reg.example'),
      repository: fc.constantFrom('o/a', 'o/b', 'o/c'),
      tag: fc.constantFrom('1.0.0', '1.1.0', 'latest', 'v2'),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(arbImage)),
        fc.uniqueArray(fc.string()),
        fc.integer({ min: 1, max: 8 }),
        (lists, existing, max) => {
          const plan = planSource(
            lists.map((images, i) => ok(String(i), ...images)),
            existing,
            max,
          );
          expect(plan.discovered).toBe(
            Math.max(existing.length, Math.min(max, existing.length + plan.create.length)),
          );
          expect(plan.create.length).toBeLessThanOrEqual(Math.max(0, max - existing.length));
          for (const created of plan.create) expect(existing).not.toContain(imageUri(created));
          expect(new Set(plan.create.map(imageUri)).size).toBe(plan.create.length);
        },
      ),
    );
  });

  it('sorts semver tags before others', () => {
    expect(['latest', '0.1.0', 'v1.0.0', 'main'].sort(compareTagsNewestFirst)).toEqual([
      'v1.0.0',
      '0.1.0',
      'latest',
      'main',
    ]);
  });
});

describe('created cluster models', () => {
  it('use the §14.7 name and write Docker Hub images as repo:tag', () => {
    expect(generateModelSourceModelName('ghcr.io', 'silogen/aim-llama', '1.0.0')).toBe(
      'silogen-aim-llama-1-0-0-201bdd',
    );
    const source = {
      apiVersion: 'aim.eai.amd.com/v1alpha1' as const,
      kind: 'AIMClusterModelSource' as const,
      metadata: { name: 'hub' },
      spec: {
        registry: 'docker.io',
        filters: [{ image: 'amdenterpriseai/aim-*' }],
        syncInterval: '1h',
        maxModels: 100,
      },
    };
    const model = desiredClusterModel(
      source,
      image('amdenterpriseai/aim-qwen-qwen3-32b', '0.8.5', 'docker.io'),
    );
    expect(model.spec).toEqual({ image: 'amdenterpriseai/aim-qwen-qwen3-32b:0.8.5' });
    expect(model.metadata.name).toBe(
      generateModelSourceModelName('docker.io', 'amdenterpriseai/aim-qwen-qwen3-32b', '0.8.5'),
    );
  });
});

describe('sync interval', () => {
  it.each([
    ['1h', 3600],
    ['30m', 1800],
    ['1h30m', 5400],
    ['1.5h', 5400],
    ['90s', 90],
    ['500ms', 0.5],
  ])('%s is %d s', (text, seconds) => {
    expect(parseGoDurationSeconds(text)).toBe(seconds);
  });

  it('rejects what is not a Go duration', () => {
    expect(parseGoDurationSeconds('1 hour')).toBeUndefined();
    expect(parseGoDurationSeconds('PT1H')).toBeUndefined();
  });
});
