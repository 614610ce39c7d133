import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareScores } from '../../../../shared/service-resolution/selection/score.ts';
import {
  type SelectionOptions,
  selectTemplate,
} from '../../../../shared/service-resolution/selection/select-template.ts';
import { BOTH_GPUS, candidate } from './candidates.ts';

const options: SelectionOptions = { availableGpus: BOTH_GPUS };

function verdictOf(result: ReturnType<typeof selectTemplate>, name: string) {
  return result.verdicts.find((verdict) => verdict.candidate.name === name);
}

describe('selectTemplate: stages (spec §10.4.1)', () => {
  it('reports no candidates', () => {
    const result = selectTemplate([], options);
    expect(result.outcome).toBe('NoCandidates');
    expect(result.selected).toBeUndefined();
  });

  it('selects the only Ready candidate and rejects the others at Availability with their status', () => {
    const result = selectTemplate(
      [
        candidate('pending', { status: 'Pending' }),
        candidate('ready'),
        candidate('failed', { status: 'Failed' }),
        candidate('blank', { status: '' }),
      ],
      // Pending and blank could tie with ready: not waited for here, they are only rejected.
      { ...options, awaitCandidate: () => false },
    );
    expect(result.outcome).toBe('Selected');
    expect(result.selected?.candidate.name).toBe('ready');
    expect(verdictOf(result, 'pending')).toMatchObject({ rejectedAt: 'Availability' });
    expect(verdictOf(result, 'pending')?.reason).toMatch(/^TemplatePending: status is Pending/);
    expect(verdictOf(result, 'failed')?.reason).toMatch(/^TemplateFailed/);
    expect(verdictOf(result, 'blank')?.reason).toMatch(/^TemplateNotReady: status is not set yet/);
  });

  it('stops at Availability when no candidate is Ready', () => {
    const result = selectTemplate([candidate('a', { status: 'Progressing' })], options);
    expect(result).toMatchObject({ outcome: 'NoneReady', emptiedAt: 'Availability' });
  });

  it('keeps only optimized templates unless allowUnoptimized; no profile counts as unoptimized', () => {
    const candidates = [
      candidate('preview', { profileType: 'preview', gpuModel: 'MI325X' }),
      candidate('none', { profileType: '', gpuModel: 'MI325X' }),
      candidate('optimized'),
    ];
    const strict = selectTemplate(candidates, options);
    expect(strict.selected?.candidate.name).toBe('optimized');
    expect(verdictOf(strict, 'preview')).toMatchObject({ rejectedAt: 'Optimization' });
    expect(verdictOf(strict, 'none')?.reason).toContain('no profile type (counts as unoptimized)');

    const onlyUnoptimized = selectTemplate(candidates.slice(0, 2), options);
    expect(onlyUnoptimized).toMatchObject({ outcome: 'NoMatch', emptiedAt: 'Optimization' });

    // Allowed: the preview template (rank 1) beats the unoptimized one (rank 2) despite both GPUs being equal.
    const relaxed = selectTemplate(candidates.slice(0, 2), { ...options, allowUnoptimized: true });
    expect(relaxed.selected?.candidate.name).toBe('preview');
  });

  it('filters by overrides case-insensitively; a template without a GPU model or count is compatible', () => {
    const candidates = [
      candidate('thr', { metric: 'throughput' }),
      candidate('fp16', { precision: 'FP16', gpuModel: '', gpuCount: 2 }),
      candidate('mi325x', { gpuModel: 'MI325X' }),
      candidate('eight', { gpuCount: 8 }),
      candidate('any-gpu', { gpuModel: '', gpuCount: 0, precision: 'fp16' }),
      candidate('match', { metric: 'Latency', precision: 'fp16', gpuModel: 'Instinct MI300X', gpuCount: 2 }),
    ];
    const result = selectTemplate(candidates, {
      ...options,
      overrides: {
        metric: 'latency',
        precision: 'fp16',
        hardware: { gpu: { model: 'mi300x', requests: 2 } },
      },
    });
    expect(verdictOf(result, 'thr')?.reason).toContain('metric is throughput, overrides ask for latency');
    expect(verdictOf(result, 'mi325x')?.reason).toContain('GPU is MI325X, overrides ask for MI300X');
    expect(verdictOf(result, 'eight')?.reason).toContain('uses 8 GPU(s), overrides ask for 2');
    expect(verdictOf(result, 'fp16')?.rejectedAt).toBe('Score');
    expect(verdictOf(result, 'any-gpu')?.rejectedAt).toBe('Score');
    // MI300X (rank 1) beats "no GPU model" (unranked): match wins.
    expect(result.selected?.candidate.name).toBe('match');
  });

  it('rejects a template without a metric when the overrides ask for one', () => {
    const result = selectTemplate([candidate('a', { metric: '' })], {
      ...options,
      overrides: { metric: 'latency' },
    });
    expect(result).toMatchObject({ outcome: 'NoMatch', emptiedAt: 'Overrides' });
    expect(result.verdicts[0]?.reason).toBe('no metric, overrides ask for latency');
  });

  it('drops templates whose GPU no node has, naming what the cluster has', () => {
    const result = selectTemplate(
      [candidate('mi355x', { gpuModel: 'MI355X' }), candidate('cpu', { gpuModel: '' })],
      {
        availableGpus: ['MI300X'],
      },
    );
    expect(verdictOf(result, 'mi355x')).toMatchObject({
      rejectedAt: 'GPUAvailability',
      reason: 'GPU MI355X is not present on any node (cluster has MI300X)',
    });
    expect(result.selected?.candidate.name).toBe('cpu');
    const none = selectTemplate([candidate('mi355x', { gpuModel: 'MI355X' })], { availableGpus: [] });
    expect(none).toMatchObject({ outcome: 'NoMatch', emptiedAt: 'GPUAvailability' });
    expect(none.verdicts[0]?.reason).toContain('no GPU nodes found');
  });

  it('prefers namespace-scoped templates over better cluster-scoped ones', () => {
    const result = selectTemplate(
      [
        candidate('cluster-best', { scope: 'Cluster', gpuModel: 'MI325X' }),
        candidate('ns', { gpuModel: 'MI300X' }),
      ],
      options,
    );
    expect(result.selected?.candidate.name).toBe('ns');
    expect(verdictOf(result, 'cluster-best')).toMatchObject({ rejectedAt: 'ScopePreference' });
  });

  it('uses cluster-scoped templates when no namespaced one survives', () => {
    const result = selectTemplate(
      [candidate('ns', { status: 'Failed' }), candidate('cluster', { scope: 'Cluster' })],
      options,
    );
    expect(result.selected?.candidate).toMatchObject({ name: 'cluster', scope: 'Cluster' });
  });
});

describe('selectTemplate: scoring', () => {
  it('orders by profile type, then GPU (MI325X > MI300X), then metric, then precision', () => {
    const pick = (...names: [string, Partial<Parameters<typeof candidate>[1]>][]) =>
      selectTemplate(
        names.map(([name, fields]) => candidate(name, fields)),
        { ...options, allowUnoptimized: true },
      ).selected?.candidate.name;
    expect(pick(['mi300x', { gpuModel: 'MI300X' }], ['mi325x', { gpuModel: 'mi325x' }])).toBe('mi325x');
    expect(pick(['thr', { metric: 'throughput' }], ['lat', { metric: 'LATENCY' }])).toBe('lat');
    expect(
      pick(['fp16', { precision: 'fp16' }], ['fp8', { precision: 'fp8' }], ['bf16', { precision: 'bf16' }]),
    ).toBe('fp8');
    expect(pick(['int4', { precision: 'int4' }], ['fp8', { precision: 'fp8' }])).toBe('int4');
    // Profile type outranks GPU.
    expect(pick(['preview-325', { profileType: 'preview', gpuModel: 'MI325X' }], ['opt-300', {}])).toBe(
      'opt-300',
    );
    // An unknown precision ranks behind every known one.
    expect(pick(['odd', { precision: 'fp6' }], ['fp32', { precision: 'fp32' }])).toBe('fp32');
  });

  it('writes a readable score for every candidate that reached the last stage', () => {
    const result = selectTemplate([candidate('a', { gpuModel: 'MI325X' }), candidate('b')], options);
    expect(verdictOf(result, 'a')?.scoreText).toBe('(0,0,0,2) optimized, MI325X, latency, fp8');
    expect(verdictOf(result, 'b')?.reason).toBe(
      "score (0,1,0,2) optimized, MI300X, latency, fp8 is worse than a's (0,0,0,2)",
    );
    const lone = selectTemplate([candidate('only', { gpuModel: '', metric: '', precision: '' })], options);
    expect(lone.selected?.scoreText).toBe(
      '(0,1004,1002,1007) optimized, no GPU model, no metric, no precision',
    );
  });

  it('selects nothing on a tie and names the tied templates (quirk 3)', () => {
    const result = selectTemplate(
      [candidate('a'), candidate('b'), candidate('worse', { precision: 'fp16' })],
      options,
    );
    expect(result.outcome).toBe('Ambiguous');
    expect(result.selected).toBeUndefined();
    expect(result.tied.map((verdict) => verdict.candidate.name)).toEqual(['a', 'b']);
    expect(verdictOf(result, 'a')?.reason).toBe('tied for the best score (0,1,0,2) with b; nothing selected');
    expect(verdictOf(result, 'worse')?.reason).toContain('is worse than the best (0,1,0,2)');
  });

  it('names at most five rivals in a tied candidate reason', () => {
    const result = selectTemplate(
      Array.from({ length: 9 }, (_, i) => candidate(`t${i}`)),
      options,
    );
    expect(verdictOf(result, 't0')?.reason).toBe(
      'tied for the best score (0,1,0,2) with t1, t2, t3, t4, t5 and 3 more; nothing selected',
    );
  });
});

describe('selectTemplate: properties', () => {
  const arbitraryCandidate = fc.record({
    name: fc.string({ minLength: 1, maxLength: 4 }),
    scope: fc.constantFrom('Namespace' as const, 'Cluster' as const),
    status: fc.constantFrom('Ready', 'Pending', 'Failed', ''),
    profileType: fc.constantFrom('optimized', 'preview', 'unoptimized', ''),
    metric: fc.constantFrom('latency', 'throughput', ''),
    precision: fc.constantFrom('fp8', 'fp16', 'bf16', ''),
    gpuModel: fc.constantFrom('MI300X', 'MI325X', 'MI355X', ''),
    gpuCount: fc.constantFrom(0, 1, 2),
  });

  const arbitraryOverrides = fc.record(
    {
      metric: fc.constantFrom('latency', 'THROUGHPUT'),
      precision: fc.constantFrom('fp8', 'fp16'),
      hardware: fc.record({
        gpu: fc.record({ model: fc.constantFrom('MI300X', 'mi325x'), requests: fc.constantFrom(0, 1, 2) }),
      }),
    },
    { requiredKeys: [] },
  );

  it('selects a surviving candidate with the unique best score, or explains every candidate', () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryCandidate, { maxLength: 12 }),
        fc.boolean(),
        arbitraryOverrides,
        (candidates, allowUnoptimized, overrides) => {
          const result = selectTemplate(candidates, {
            availableGpus: BOTH_GPUS,
            allowUnoptimized,
            overrides,
          });
          expect(result.verdicts).toHaveLength(candidates.length);
          for (const verdict of result.verdicts) {
            if (verdict.selected || verdict.leading) expect(verdict.rejectedAt).toBeUndefined();
            else if (result.outcome !== 'NoCandidates') {
              expect(verdict.rejectedAt).toBeDefined();
              // Every elimination says why (the overrides filter and its explanation agree).
              expect(verdict.reason).toMatch(/\S/);
            }
          }
          if (result.selected) {
            const scored = result.verdicts.filter((verdict) => verdict.score !== undefined);
            for (const other of scored) {
              if (other !== result.selected)
                expect(compareScores(result.selected.score!, other.score!)).toBeLessThan(0);
            }
            expect(result.selected.candidate.status).toBe('Ready');
            if (!allowUnoptimized) expect(result.selected.candidate.profileType).toBe('optimized');
            expect(['MI300X', 'MI325X', '']).toContain(result.selected.candidate.gpuModel);
          }
          if (result.outcome === 'Ambiguous') expect(result.tied.length).toBeGreaterThan(1);
          // Waiting only ever for candidates still being discovered, beside a Ready leader.
          for (const verdict of result.awaited) expect(['Pending', '']).toContain(verdict.candidate.status);
          if (result.outcome === 'Awaiting') expect(result.leading.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
