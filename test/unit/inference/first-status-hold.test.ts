import { describe, expect, it } from 'vitest';
import type { AIMService } from '../../../shared/api/aim-service.ts';
import { FIRST_STATUS_WINDOW_MS, firstStatusHoldMs } from '../../../shared/inference/first-status-hold.ts';

const CREATED = '2026-05-01T12:00:00Z';
const at = (ms: number) => new Date(Date.parse(CREATED) + ms);

function service(conditionTypes: string[] = [], creationTimestamp: string | null = CREATED): AIMService {
  return {
    apiVersion: 'aim.eai.amd.com/v1alpha1',
    kind: 'AIMService',
    metadata: { name: 'chat', namespace: 'team', ...(creationTimestamp ? { creationTimestamp } : {}) },
    spec: { model: { name: 'llama' } },
    status: {
      conditions: conditionTypes.map((type) => ({
        type,
        status: 'True',
        reason: 'Resolved',
        message: '',
        lastTransitionTime: CREATED,
      })),
    },
  } as unknown as AIMService;
}

describe("isvc-render's first status of a new service", () => {
  it('waits for service-resolve for the rest of the window from the creation', () => {
    expect(firstStatusHoldMs(service(), at(1_000))).toBe(FIRST_STATUS_WINDOW_MS - 1_000);
    expect(firstStatusHoldMs(service(['Ready']), at(4_000))).toBe(FIRST_STATUS_WINDOW_MS - 4_000);
  });

  it('is written at once once service-resolve has reported the model or the template', () => {
    expect(firstStatusHoldMs(service(['ModelReady']), at(100))).toBe(0);
    expect(firstStatusHoldMs(service(['TemplateReady']), at(100))).toBe(0);
  });

  it('waits while service-resolve says the model or template is not Ready yet, not when it is missing', () => {
    const saying = (type: string, reason: string) => {
      const svc = service([type]);
      const condition = (svc.status?.conditions ?? [])[0] as { status: string; reason: string };
      condition.status = 'False';
      condition.reason = reason;
      return svc;
    };
    expect(firstStatusHoldMs(saying('TemplateReady', 'TemplateNotReady'), at(500))).toBe(
      FIRST_STATUS_WINDOW_MS - 500,
    );
    expect(firstStatusHoldMs(saying('ModelReady', 'ModelNotReady'), at(500))).toBe(
      FIRST_STATUS_WINDOW_MS - 500,
    );
    expect(firstStatusHoldMs(saying('ModelReady', 'CreatingModel'), at(500))).toBe(
      FIRST_STATUS_WINDOW_MS - 500,
    );
    expect(firstStatusHoldMs(saying('TemplateReady', 'TemplateNotFound'), at(500))).toBe(0);
    expect(firstStatusHoldMs(saying('TemplateReady', 'TemplateNotReady'), at(FIRST_STATUS_WINDOW_MS))).toBe(
      0,
    );
  });

  it('also waits, within the window, while the template cache is about to say Progressing', () => {
    expect(firstStatusHoldMs(service(['ModelReady', 'TemplateReady']), at(600), true)).toBe(
      FIRST_STATUS_WINDOW_MS - 600,
    );
    expect(
      firstStatusHoldMs(service(['ModelReady', 'TemplateReady']), at(FIRST_STATUS_WINDOW_MS), true),
    ).toBe(0);
  });

  it('is written whatever service-resolve did past the window, or when the creation time is unknown', () => {
    expect(firstStatusHoldMs(service(), at(FIRST_STATUS_WINDOW_MS))).toBe(0);
    expect(firstStatusHoldMs(service([], null), at(100))).toBe(0);
  });
});
