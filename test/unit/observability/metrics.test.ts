import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../shared/observability/logger.ts';
import {
  metricsRegistry,
  observeEvent,
  observeReconcile,
  observeWorkQueue,
} from '../../../shared/observability/metrics.ts';
import { startMetricsServer } from '../../../shared/observability/metrics-server.ts';
import { FunctionRuntime } from '../../../shared/runtime/function-runtime.ts';

afterEach(() => metricsRegistry.resetMetrics());

describe('metrics', () => {
  it('records a reconcile: count by result, duration, API requests, and errors by reason', async () => {
    observeReconcile({
      function: 'cache-manage',
      kind: 'AIMArtifact',
      result: 'error',
      durationSeconds: 0.2,
      apiRequests: 3,
      errorReason: 'Forbidden',
    });
    const text = await metricsRegistry.metrics();
    expect(text).toContain(
      'aim_reconcile_total{function="cache-manage",kind="AIMArtifact",result="error"} 1',
    );
    expect(text).toContain(
      'aim_reconcile_errors_total{function="cache-manage",kind="AIMArtifact",reason="Forbidden"} 1',
    );
    expect(text).toContain(
      'aim_reconcile_duration_seconds_count{function="cache-manage",kind="AIMArtifact"} 1',
    );
    expect(text).toContain('aim_api_requests_total{function="cache-manage",kind="AIMArtifact"} 3');
  });

  it('does not count an error for a successful reconcile', async () => {
    observeReconcile({
      function: 'isvc-render',
      kind: 'AIMService',
      result: 'applied',
      durationSeconds: 0.01,
    });
    const text = await metricsRegistry.metrics();
    expect(text).not.toContain('aim_reconcile_errors_total{');
  });

  it('counts events by type and outcome', async () => {
    observeEvent('model-inspect', 'dev.knative.sources.ping', 'handled');
    observeEvent('model-inspect', 'dev.knative.sources.ping', 'handled');
    const text = await metricsRegistry.metrics();
    expect(text).toContain(
      'aim_events_total{function="model-inspect",type="dev.knative.sources.ping",outcome="handled"} 2',
    );
  });
});

describe('work queue gauges', () => {
  it("read a function's queue when scraped", async () => {
    const queue = { depth: 3, active: 2 };
    observeWorkQueue('template-discover', queue);
    let text = await metricsRegistry.metrics();
    expect(text).toContain('aim_work_queue_depth{function="template-discover"} 3');
    expect(text).toContain('aim_reconciles_running{function="template-discover"} 2');
    queue.depth = 0;
    text = await metricsRegistry.metrics();
    expect(text).toContain('aim_work_queue_depth{function="template-discover"} 0');
  });

  it("are fed by every function's runtime", async () => {
    new FunctionRuntime(
      { name: 'queue-gauge-test', reconcilers: [] },
      { logger: createLogger({ function: 'queue-gauge-test', level: 'silent' }) },
    );
    const text = await metricsRegistry.metrics();
    expect(text).toContain('aim_work_queue_depth{function="queue-gauge-test"} 0');
    expect(text).toContain('aim_reconciles_running{function="queue-gauge-test"} 0');
  });
});

describe('startMetricsServer', () => {
  it('serves the registry on GET /metrics and nothing else', async () => {
    observeEvent('model-inspect', 'dev.knative.apiserver.ref.add', 'rejected');
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      const metrics = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('aim_events_total{function="model-inspect"');
      const other = await fetch(`http://127.0.0.1:${server.port}/`);
      expect(other.status).toBe(404);
      await other.text();
    } finally {
      await server.close();
    }
  });
});
