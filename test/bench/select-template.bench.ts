/**
 * Auto-selection over 10,000 candidate templates (target: under 5 ms per selection). Measures the
 * pure selection plus the bounded status report written to status.templateSelection, which is
 * what one service reconcile pays. Run: `npx vitest bench --run test/bench/select-template.bench.ts`.
 */
import { describe, test } from 'vitest';
import type { SelectionCandidate } from '../../shared/service-resolution/selection/candidate.ts';
import { selectTemplate } from '../../shared/service-resolution/selection/select-template.ts';
import { selectionStatus } from '../../shared/service-resolution/selection/selection-report.ts';

const CANDIDATES = 10_000;
const STATUSES = ['Ready', 'Ready', 'Ready', 'Pending', 'Failed', 'NotAvailable'];
const TYPES = ['optimized', 'optimized', 'preview', 'unoptimized', ''];
const GPUS = ['MI300X', 'MI325X', 'MI250X', 'MI355X', 'Instinct MI210', ''];
const METRICS = ['latency', 'throughput', ''];
const PRECISIONS = ['fp8', 'fp16', 'bf16', 'int4', 'fp4', ''];

/** A deterministic spread of candidates: every stage rejects some, many reach the score. */
function candidates(count: number): SelectionCandidate[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `template-${i}`,
    scope: i % 7 === 0 ? 'Cluster' : 'Namespace',
    status: STATUSES[i % STATUSES.length]!,
    profileType: TYPES[i % TYPES.length]!,
    metric: METRICS[i % METRICS.length]!,
    precision: PRECISIONS[i % PRECISIONS.length]!,
    gpuModel: GPUS[i % GPUS.length]!,
    gpuCount: (i % 4) + 1,
  }));
}

const many = candidates(CANDIDATES);
const available = ['MI300X', 'MI325X', 'MI210'];
// One unique winner at the end of the list, so the run ends in a selection, not a tie.
const withWinner: SelectionCandidate[] = [
  ...many.map((c) => (c.precision === 'fp4' ? { ...c, precision: 'fp8' } : c)),
  {
    ...many[0]!,
    name: 'the-best',
    scope: 'Namespace',
    status: 'Ready',
    profileType: 'optimized',
    gpuModel: 'MI325X',
    metric: 'latency',
    precision: 'fp4',
  },
];

function selectAndReport(list: readonly SelectionCandidate[], options: Parameters<typeof selectTemplate>[1]) {
  const result = selectTemplate(list, options);
  return selectionStatus(result, 'llama');
}

const TARGET_MS = 5;

const cases: [string, () => void][] = [
  [
    'unique winner',
    () => {
      const status = selectAndReport(withWinner, { availableGpus: available });
      if (status.selected !== 'the-best') throw new Error(`selected ${status.selected}`);
    },
  ],
  [
    'allowUnoptimized, ambiguous tie',
    () => {
      const status = selectAndReport(many, { availableGpus: available, allowUnoptimized: true });
      if (status.reason !== 'TemplateSelectionAmbiguous') throw new Error(`outcome ${status.reason}`);
    },
  ],
  [
    'overrides narrowing the choice',
    () => {
      selectAndReport(withWinner, {
        availableGpus: available,
        overrides: {
          metric: 'latency',
          precision: 'fp8',
          hardware: { gpu: { model: 'MI300X', requests: 2 } },
        },
      });
    },
  ],
];

describe(`auto-selection over ${CANDIDATES.toLocaleString('en')} candidate templates (target < ${TARGET_MS} ms)`, () => {
  for (const [name, fn] of cases) {
    test(name, async ({ bench }) => {
      const result = await bench(`select + report: ${name}`, fn).run();
      const { mean, p99 } = result.latency;
      console.log(
        `select-template [${name}]: ${mean.toFixed(3)} ms per selection (p99 ${p99.toFixed(3)} ms) ` +
          `over ${CANDIDATES} candidates — ${mean < TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`,
      );
    });
  }
});
