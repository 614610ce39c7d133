import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../../shared/kube/types.ts';
import { reconcileObject } from '../../../../shared/reconcile/pipeline.ts';
import { fetchServiceResolution } from '../../../../shared/service-resolution/resolution.ts';
import { serviceResolveReconciler } from '../../../../shared/service-resolution/service-reconciler.ts';
import {
  DEFAULT_TEMPLATE_SELECTION_WAIT_MS,
  templateSelectionWaitMsFromEnv,
} from '../../../../shared/service-resolution/template/selection-wait.ts';
import { FakeKubeClient } from '../../../support/fake-kube.ts';
import {
  API,
  conditionOf,
  context,
  MI300X_NODE,
  MI325X_NODE,
  model,
  NOW,
  NS,
  service,
  summaryOf,
  type TemplateFields,
  template,
} from '../fixtures.ts';

const request = (name: string) => ({ apiVersion: API, kind: 'AIMService', namespace: NS, name });

/** A template created `ageSeconds` before NOW. */
function aged(name: string, ageSeconds: number, fields: TemplateFields = {}): KubeObject {
  const object = template(name, 'llama', fields);
  object.metadata.creationTimestamp = new Date(NOW.getTime() - ageSeconds * 1000).toISOString();
  return object;
}

/** Still being discovered: no profile yet, only what its spec states. */
function discovering(name: string, ageSeconds: number, gpu: string, precision: string): KubeObject {
  const object = aged(name, ageSeconds);
  object.spec = { ...object.spec, precision, hardware: { gpu: { model: gpu, requests: 2 } } };
  object.status = { status: 'Progressing' };
  return object;
}

function world(...templates: KubeObject[]) {
  return new FakeKubeClient().seed(
    service('chat', { model: { name: 'llama' } }),
    model('llama', 'img:1'),
    MI300X_NODE,
    MI325X_NODE,
    ...templates,
  );
}

async function reconcile(client: FakeKubeClient) {
  return reconcileObject(context(client), serviceResolveReconciler, request('chat'));
}

const statusOf = (client: FakeKubeClient) =>
  client.peek(request('chat'))?.status as Record<string, unknown> | undefined;

describe('service-resolve: waiting for a template that could win', () => {
  it('waits, Pending, naming the template and its deadline, and looks again at the deadline', async () => {
    const client = world(aged('mi300x-fp8', 30), discovering('mi325x-bf16', 10, 'MI325X', 'bf16'));
    const outcome = await reconcile(client);
    const status = statusOf(client);
    const deadline = '2026-05-01T12:01:50.000Z'; // created 11:59:50, waited for 120 s
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({
      status: 'False',
      reason: 'AwaitingCandidate',
      message: expect.stringContaining('waiting for mi325x-bf16 (Progressing), still being discovered'),
    });
    expect(conditionOf(status, 'TemplateReady')?.message).toContain(`at ${deadline} at the latest`);
    expect(summaryOf(status).status).toBe('Pending');
    expect(status?.resolvedTemplate).toBeUndefined();
    expect(status?.templateSelection).toMatchObject({ reason: 'AwaitingCandidate' });
    expect(outcome.requeueAfterSeconds).toBe(110);
  });

  it('selects the better template once it is Ready', async () => {
    const client = world(aged('mi300x-fp8', 30), discovering('mi325x-bf16', 10, 'MI325X', 'bf16'));
    await reconcile(client);
    client.seed(aged('mi325x-bf16', 10, { gpu: 'MI325X', precision: 'bf16', gpuCount: 2 }));
    const outcome = await reconcile(client);
    expect(statusOf(client)?.resolvedTemplate).toMatchObject({ name: 'mi325x-bf16' });
    expect(outcome.requeueAfterSeconds).toBeUndefined();
  });

  it('decides among the Ready ones once the deadline has passed', async () => {
    const client = world(aged('mi300x-fp8', 300), discovering('mi325x-bf16', 121, 'MI325X', 'bf16'));
    const outcome = await reconcile(client);
    const status = statusOf(client);
    expect(status?.resolvedTemplate).toMatchObject({ name: 'mi300x-fp8' });
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({ status: 'True', reason: 'Resolved' });
    const selection = status?.templateSelection as { candidates: { name: string; reason?: string }[] };
    const entries = selection.candidates;
    expect(entries.find((entry) => entry.name === 'mi325x-bf16')?.reason).toContain(
      'but its discovery outlasted the wait',
    );
    expect(outcome.requeueAfterSeconds).toBeUndefined();
  });

  it('does not wait for a worse template, or a failed one', async () => {
    const failed = discovering('failed-325', 5, 'MI325X', 'fp8');
    failed.status = { status: 'Failed' };
    const client = world(
      aged('mi325x-fp8', 30, { gpu: 'MI325X' }),
      discovering('mi300x-fp8', 5, 'MI300X', 'fp8'),
      failed,
    );
    await reconcile(client);
    expect(statusOf(client)?.resolvedTemplate).toMatchObject({ name: 'mi325x-fp8' });
  });

  it('never makes a service that already has its template wait', async () => {
    const client = world(aged('mi300x-fp8', 300));
    await reconcile(client);
    expect(statusOf(client)?.resolvedTemplate).toMatchObject({ name: 'mi300x-fp8' });
    // A better template appears and is being discovered: the service keeps its template.
    client.seed(discovering('mi325x-bf16', 0, 'MI325X', 'bf16'));
    const outcome = await reconcile(client);
    const status = statusOf(client);
    expect(conditionOf(status, 'TemplateReady')).toMatchObject({ status: 'True', reason: 'Resolved' });
    expect(status?.resolvedTemplate).toMatchObject({ name: 'mi300x-fp8' });
    expect(outcome.requeueAfterSeconds).toBeUndefined();
    // Ready, it is better, and still the service keeps its template.
    client.seed(aged('mi325x-bf16', 0, { gpu: 'MI325X', precision: 'bf16' }));
    await reconcile(client);
    expect(statusOf(client)?.resolvedTemplate).toMatchObject({ name: 'mi300x-fp8' });
  });

  it('never waits with a bound of 0 (upstream behaviour)', async () => {
    const client = world(aged('mi300x-fp8', 30), discovering('mi325x-bf16', 10, 'MI325X', 'bf16'));
    const svc = client.peek<KubeObject>(request('chat'))!;
    const resolution = await fetchServiceResolution(client, svc as never, {}, { now: NOW, waitMs: 0 });
    expect(resolution.template).toMatchObject({ kind: 'found', via: 'selected' });
  });

  it('reads its bound from AIM_TEMPLATE_SELECTION_WAIT_MS: 120 s by default, 0 allowed, garbage stops the function', () => {
    expect(templateSelectionWaitMsFromEnv({})).toBe(DEFAULT_TEMPLATE_SELECTION_WAIT_MS);
    expect(DEFAULT_TEMPLATE_SELECTION_WAIT_MS).toBe(120_000);
    expect(templateSelectionWaitMsFromEnv({ AIM_TEMPLATE_SELECTION_WAIT_MS: '0' })).toBe(0);
    expect(templateSelectionWaitMsFromEnv({ AIM_TEMPLATE_SELECTION_WAIT_MS: ' 30000 ' })).toBe(30_000);
    expect(() => templateSelectionWaitMsFromEnv({ AIM_TEMPLATE_SELECTION_WAIT_MS: '2m' })).toThrow(
      /AIM_TEMPLATE_SELECTION_WAIT_MS/,
    );
  });
});
