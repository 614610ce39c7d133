import { describe, expect, it } from 'vitest';
import { TemplateSelectionSchema } from '../../../../shared/api/template-selection.ts';
import { selectTemplate } from '../../../../shared/service-resolution/selection/select-template.ts';
import {
  describeSelection,
  mostRelevant,
  rejectionCounts,
  selectionReason,
  selectionStatus,
} from '../../../../shared/service-resolution/selection/selection-report.ts';
import { BOTH_GPUS, candidate } from './candidates.ts';

describe('selectionStatus', () => {
  it('lists the chosen one first, then the closest rejections, and stays schema-valid', () => {
    const result = selectTemplate(
      [
        candidate('not-ready', { status: 'Pending' }),
        candidate('fp16', { precision: 'fp16' }),
        candidate('best', { gpuModel: 'MI325X' }),
        candidate('preview', { profileType: 'preview' }),
        candidate('mi355x', { gpuModel: 'MI355X' }),
        candidate('fp8-300', {}),
      ],
      { availableGpus: BOTH_GPUS },
    );
    const status = selectionStatus(result, 'llama');
    expect(TemplateSelectionSchema().parse(status)).toEqual(status);
    expect(status).toMatchObject({
      selected: 'best',
      selectedScope: 'Namespace',
      reason: 'Selected',
      candidatesConsidered: 6,
      omitted: 0,
    });
    expect(status.candidates.map((entry) => entry.name)).toEqual([
      'best',
      'fp8-300', // outscored, closest score first
      'fp16',
      'mi355x', // GPU stage
      'preview', // optimization stage
      'not-ready', // availability stage
    ]);
    expect(status.candidates[0]).toEqual({
      name: 'best',
      scope: 'Namespace',
      status: 'Ready',
      score: '(0,0,0,2) optimized, MI325X, latency, fp8',
      selected: true,
    });
    expect(status.candidates[3]).toMatchObject({
      rejectedAt: 'GPUAvailability',
      reason: expect.stringContaining('MI355X'),
    });
    expect(status.message).toBe(
      'auto-selected best (Namespace) from 6 candidate templates with score (0,0,0,2) optimized, MI325X, latency, fp8; ' +
        'others: 1 not Ready, 1 not optimized, 1 needing a GPU no node has, 2 outscored',
    );
  });

  it('caps the list at 20 with the count of the rest, tied candidates first', () => {
    const candidates = [
      ...Array.from({ length: 30 }, (_, i) => candidate(`failed-${i}`, { status: 'Failed' })),
      candidate('tie-a'),
      candidate('tie-b'),
    ];
    const result = selectTemplate(candidates, { availableGpus: BOTH_GPUS });
    const status = selectionStatus(result, 'llama');
    expect(status.candidates).toHaveLength(20);
    expect(status.omitted).toBe(12);
    expect(status.candidatesConsidered).toBe(32);
    expect(status.candidates.slice(0, 2).map((entry) => entry.name)).toEqual(['tie-a', 'tie-b']);
    expect(status.reason).toBe('TemplateSelectionAmbiguous');
    expect(status.selected).toBeUndefined();
    expect(status.message).toContain(
      '2 templates tie for the best score (0,1,0,2): tie-a, tie-b; nothing selected',
    );
    expect(status.message).toContain('others: 30 not Ready');
  });

  it('mostRelevant keeps input order within a stage and takes only the limit', () => {
    const result = selectTemplate(
      ['c', 'a', 'b'].map((name) => candidate(name, { status: 'Failed' })),
      { availableGpus: BOTH_GPUS },
    );
    expect(mostRelevant(result.verdicts, 2).map((verdict) => verdict.candidate.name)).toEqual(['c', 'a']);
  });
});

describe('describeSelection', () => {
  const gpus = { availableGpus: BOTH_GPUS };

  it('says which stage left nothing and why', () => {
    expect(describeSelection(selectTemplate([], gpus), 'llama')).toBe(
      'no AIMServiceTemplate in the namespace or AIMClusterServiceTemplate references model llama',
    );
    expect(
      describeSelection(selectTemplate([candidate('a', { profileType: 'preview' })], gpus), 'llama'),
    ).toBe(
      'none of 1 candidate template is usable: 1 unoptimized template(s) filtered out. Set allowUnoptimized to use them',
    );
    const overrides = selectTemplate(
      [candidate('a', { status: 'Failed' }), candidate('b', { metric: 'throughput' })],
      {
        ...gpus,
        overrides: { metric: 'latency' },
      },
    );
    expect(describeSelection(overrides, 'llama')).toBe(
      'no template matches spec.overrides among 2 candidate templates: b (metric is throughput, overrides ask for latency) ' +
        '(before that: 1 not Ready)',
    );
    const gpu = selectTemplate([candidate('a', { gpuModel: 'MI355X' })], gpus);
    expect(describeSelection(gpu, 'llama')).toContain(
      "no template's GPU is present in the cluster among 1 candidate template: a (GPU MI355X is not present on any node",
    );
    const waiting = selectTemplate([candidate('a', { status: 'Progressing' })], gpus);
    expect(describeSelection(waiting, 'llama')).toMatch(
      /^none of 1 candidate template for model llama is Ready yet: a \(TemplateProgressing/,
    );
  });

  it('maps outcomes to condition reasons', () => {
    expect(selectionReason('Selected')).toBe('Selected');
    expect(selectionReason('Ambiguous')).toBe('TemplateSelectionAmbiguous');
    expect(selectionReason('NoneReady')).toBe('TemplateNotReady');
    expect(selectionReason('NoMatch')).toBe('TemplateNotFound');
    expect(selectionReason('NoCandidates')).toBe('TemplateNotFound');
  });

  it('counts rejections per stage in stage order', () => {
    const result = selectTemplate(
      [
        candidate('a', { status: 'Failed' }),
        candidate('b', { status: 'Failed' }),
        candidate('c'),
        candidate('d', { precision: 'fp16' }),
      ],
      gpus,
    );
    expect(rejectionCounts(result.verdicts)).toBe('2 not Ready, 1 outscored');
  });
});
