import { afterEach, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../../../shared/observability/metrics.ts';
import { reportFailed } from '../../../shared/runtime/reconcile-report.ts';

afterEach(() => metricsRegistry.resetMetrics());

describe('reportFailed', () => {
  it('counts a transient failure as a retry and anything else as an error, each by reason', async () => {
    const where = { function: 'template-discover', kind: 'AIMServiceTemplate' };
    reportFailed(where, { class: 'retry', reason: 'TooManyRequests' }, 0.1);
    reportFailed(where, { class: 'permanent', reason: 'Forbidden' }, 0.1);
    reportFailed(where, { class: 'unexpected', reason: 'Unexpected' }, 0.1);
    const text = await metricsRegistry.metrics();
    const labels = 'function="template-discover",kind="AIMServiceTemplate"';
    expect(text).toContain(`aim_reconcile_total{${labels},result="retry"} 1`);
    expect(text).toContain(`aim_reconcile_total{${labels},result="error"} 2`);
    for (const reason of ['TooManyRequests', 'Forbidden', 'Unexpected'])
      expect(text).toContain(`aim_reconcile_errors_total{${labels},reason="${reason}"} 1`);
  });
});
