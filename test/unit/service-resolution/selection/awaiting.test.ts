import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SelectionCandidate } from '../../../../shared/service-resolution/selection/candidate.ts';
import { isDiscovering } from '../../../../shared/service-resolution/selection/contenders.ts';
import {
  type SelectionOptions,
  selectTemplate,
} from '../../../../shared/service-resolution/selection/select-template.ts';
import {
  describeSelection,
  selectionStatus,
} from '../../../../shared/service-resolution/selection/selection-report.ts';
import { BOTH_GPUS, candidate } from './candidates.ts';

const options: SelectionOptions = { availableGpus: BOTH_GPUS };
const names = (verdicts: readonly { candidate: SelectionCandidate }[]) =>
  verdicts.map((v) => v.candidate.name);

/** A template whose discovery has not finished: what its spec states, no profile yet. */
function discovering(name: string, fields: Partial<SelectionCandidate> = {}): SelectionCandidate {
  return candidate(name, { status: 'Progressing', profileType: '', ...fields });
}

describe('selectTemplate: waiting for a candidate that could win', () => {
  it('waits for a better candidate still being discovered, naming it, and selects nothing', () => {
    const result = selectTemplate(
      [candidate('mi300x-fp8'), discovering('mi325x-bf16', { gpuModel: 'MI325X', precision: 'bf16' })],
      options,
    );
    expect(result.outcome).toBe('Awaiting');
    expect(result.selected).toBeUndefined();
    expect(names(result.awaited)).toEqual(['mi325x-bf16']);
    expect(names(result.leading)).toEqual(['mi300x-fp8']);
    const [leader, awaited] = result.verdicts;
    expect(leader).toMatchObject({ leading: true, selected: false, rejectedAt: undefined });
    expect(leader?.reason).toBe(
      'best of the Ready candidates with score (0,1,0,2); selection waits for mi325x-bf16',
    );
    expect(awaited).toMatchObject({ contender: true, awaited: true, rejectedAt: 'Availability' });
    expect(awaited?.reason).toBe(
      'TemplateProgressing: status is Progressing, only Ready templates are selected; waited for: once ' +
        'discovered, it could score (0,0,0,5), not worse than the best Ready (0,1,0,2)',
    );
    const status = selectionStatus(result, 'llama', new Date('2026-05-01T12:02:00Z'));
    expect(status).toMatchObject({ reason: 'AwaitingCandidate', candidatesConsidered: 2 });
    expect(status.selected).toBeUndefined();
    expect(status.message).toBe(
      'waiting for mi325x-bf16 (Progressing), still being discovered, before selecting among 2 candidate ' +
        'templates: once Ready it could be preferred to the best Ready one, mi300x-fp8, (0,1,0,2); deciding ' +
        'among the Ready ones at 2026-05-01T12:02:00.000Z at the latest',
    );
    // The leader and the awaited one are listed first.
    expect(status.candidates.map((entry) => entry.name)).toEqual(['mi300x-fp8', 'mi325x-bf16']);
  });

  it('does not wait for a worse candidate still being discovered', () => {
    const result = selectTemplate(
      [discovering('mi300x-fp16', { precision: 'fp16' }), candidate('mi325x-fp8', { gpuModel: 'MI325X' })],
      options,
    );
    expect(result.outcome).toBe('Selected');
    expect(result.selected?.candidate.name).toBe('mi325x-fp8');
    expect(result.verdicts[0]).toMatchObject({ contender: false, awaited: false });
    expect(result.awaited).toEqual([]);
  });

  it.each(['Failed', 'Degraded', 'NotAvailable'])('does not wait for a %s candidate', (status) => {
    const result = selectTemplate(
      [candidate('ready'), candidate('better', { status, gpuModel: 'MI325X' })],
      options,
    );
    expect(result.outcome).toBe('Selected');
    expect(result.selected?.candidate.name).toBe('ready');
  });

  it.each(['Pending', 'Progressing', ''])('waits for a candidate with status "%s"', (status) => {
    expect(isDiscovering(candidate('x', { status }))).toBe(true);
    const result = selectTemplate(
      [candidate('ready'), candidate('better', { status, gpuModel: 'MI325X' })],
      options,
    );
    expect(result.outcome).toBe('Awaiting');
  });

  it('decides among the Ready ones once a contender is no longer waited for (its deadline passed)', () => {
    const candidates = [candidate('ready'), discovering('better', { gpuModel: 'MI325X' })];
    const result = selectTemplate(candidates, { ...options, awaitCandidate: (_c, index) => index !== 1 });
    expect(result.outcome).toBe('Selected');
    expect(result.selected?.candidate.name).toBe('ready');
    expect(result.verdicts[1]).toMatchObject({ contender: true, awaited: false });
    expect(result.verdicts[1]?.reason).toContain('could have won (it could score (0,0,0,2)');
    expect(result.verdicts[1]?.reason).toContain('but its discovery outlasted the wait');
  });

  it('waits for a candidate that could tie with the best Ready one (a tie selects nothing)', () => {
    const result = selectTemplate([candidate('ready'), discovering('twin')], options);
    expect(result.outcome).toBe('Awaiting');
    expect(names(result.awaited)).toEqual(['twin']);
    // Past the deadline: the Ready one alone.
    const late = selectTemplate([candidate('ready'), discovering('twin')], {
      ...options,
      awaitCandidate: () => false,
    });
    expect(late.selected?.candidate.name).toBe('ready');
  });

  it('waits on behalf of a tie too, and reports it once the wait is over', () => {
    const candidates = [candidate('a'), candidate('b'), discovering('c', { gpuModel: 'MI325X' })];
    const waiting = selectTemplate(candidates, options);
    expect(waiting.outcome).toBe('Awaiting');
    expect(names(waiting.leading)).toEqual(['a', 'b']);
    expect(describeSelection(waiting, 'llama')).toContain(
      'preferred to the best Ready ones (a, b), (0,1,0,2)',
    );
    const late = selectTemplate(candidates, { ...options, awaitCandidate: () => false });
    expect(late.outcome).toBe('Ambiguous');
    expect(names(late.tied)).toEqual(['a', 'b']);
  });

  it('does not wait when a worse candidate is discovering beside a tie', () => {
    const result = selectTemplate(
      [candidate('a'), candidate('b'), discovering('slow', { precision: 'fp16' })],
      options,
    );
    expect(result.outcome).toBe('Ambiguous');
  });

  it('counts what a candidate does not state yet at its best, and what it states as it is', () => {
    const ready = candidate('mi325x', { gpuModel: 'MI325X' });
    // States MI300X: cannot beat an MI325X whatever its profile turns out to be.
    expect(selectTemplate([ready, discovering('mi300x')], options).outcome).toBe('Selected');
    // States nothing: its profile could be anything, the best included.
    const blank = discovering('blank', { gpuModel: '', metric: '', precision: '', gpuCount: 0 });
    const result = selectTemplate([ready, blank], options);
    expect(result.outcome).toBe('Awaiting');
    expect(result.verdicts[1]?.bestPossible).toEqual([0, 0, 0, 0]);
  });

  it('does not wait for a candidate whose earlier profile is not optimized, unless allowUnoptimized', () => {
    const candidates = [
      candidate('ready'),
      discovering('preview', { gpuModel: 'MI325X', profileType: 'preview' }),
    ];
    expect(selectTemplate(candidates, options).outcome).toBe('Selected');
    const relaxed = selectTemplate([candidate('ready', { profileType: 'preview' }), candidates[1]!], {
      ...options,
      allowUnoptimized: true,
    });
    expect(relaxed.outcome).toBe('Awaiting');
  });

  it('does not wait for a candidate the overrides exclude, or whose GPU no node has', () => {
    const overrides = { metric: 'latency' };
    const ready = candidate('ready');
    expect(
      selectTemplate([ready, discovering('thr', { gpuModel: 'MI325X', metric: 'throughput' })], {
        ...options,
        overrides,
      }).outcome,
    ).toBe('Selected');
    // A metric not stated yet may turn out to be the one asked for.
    expect(
      selectTemplate([ready, discovering('open', { gpuModel: 'MI325X', metric: '' })], {
        ...options,
        overrides,
      }).outcome,
    ).toBe('Awaiting');
    expect(
      selectTemplate([ready, discovering('mi355x', { gpuModel: 'MI355X', precision: 'fp4' })], options)
        .outcome,
    ).toBe('Selected');
  });

  it('waits for a namespace-scoped candidate against cluster-scoped Ready ones, not the other way round', () => {
    const clusterReady = candidate('cluster', { scope: 'Cluster', gpuModel: 'MI325X' });
    const nsWorse = discovering('ns', { precision: 'fp16' });
    const waiting = selectTemplate([clusterReady, nsWorse], options);
    expect(waiting.outcome).toBe('Awaiting');
    expect(waiting.verdicts[1]?.reason).toContain(
      'namespace-scoped, it would take precedence over the cluster-scoped Ready candidates',
    );
    const nsReady = candidate('ns-ready');
    const clusterBetter = discovering('cluster-better', { scope: 'Cluster', gpuModel: 'MI325X' });
    expect(selectTemplate([nsReady, clusterBetter], options).outcome).toBe('Selected');
  });
});

describe('selectTemplate: waiting makes the choice a function of the candidates', () => {
  const known = fc.record({
    name: fc.string({ minLength: 1, maxLength: 4 }),
    scope: fc.constantFrom('Namespace' as const, 'Cluster' as const),
    status: fc.constantFrom('Ready', 'Pending', 'Progressing', 'Failed', ''),
    profileType: fc.constantFrom('optimized', 'preview', ''),
    metric: fc.constantFrom('latency', 'throughput', ''),
    precision: fc.constantFrom('fp8', 'bf16', ''),
    gpuModel: fc.constantFrom('MI300X', 'MI325X', 'MI355X', ''),
    gpuCount: fc.constantFrom(0, 1, 2),
  });
  const discovered = fc.record({
    status: fc.constantFrom('Ready', 'Failed'),
    profileType: fc.constantFrom('optimized', 'preview', 'unoptimized'),
    metric: fc.constantFrom('latency', 'throughput'),
    precision: fc.constantFrom('fp4', 'fp8', 'bf16'),
    gpuModel: fc.constantFrom('MI300X', 'MI325X', 'MI355X'),
  });

  it('a selection made without waiting stands however the discoveries still under way end', () => {
    fc.assert(
      fc.property(
        fc.array(known, { maxLength: 8 }),
        fc.array(discovered, { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        (candidates, outcomes, allowUnoptimized) => {
          const first = selectTemplate(candidates, { ...options, allowUnoptimized });
          if (first.outcome !== 'Selected') return;
          // Every discovery under way ends, filling in what its template did not state.
          const later = candidates.map((c, i): SelectionCandidate => {
            if (!isDiscovering(c)) return c;
            const end = outcomes[i]!;
            return {
              ...c,
              status: end.status,
              profileType: c.profileType || end.profileType,
              metric: c.metric || end.metric,
              precision: c.precision || end.precision,
              gpuModel: c.gpuModel || end.gpuModel,
            };
          });
          const second = selectTemplate(later, { ...options, allowUnoptimized });
          expect(second.outcome).toBe('Selected');
          expect(second.verdicts.indexOf(second.selected!)).toBe(first.verdicts.indexOf(first.selected!));
        },
      ),
    );
  });
});
