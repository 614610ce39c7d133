/**
 * How the handler reports what happened to an event: logs per failure class, the 500 of a bug,
 * dead letters, and the labels metrics use for event types.
 */
import type { DeadLetterEvent } from '../events/apiserver-event.ts';
import { API_SERVER_EVENT_TYPES, PING_EVENT_TYPE } from '../events/event-types.ts';
import { kindId } from '../kube/objects.ts';
import type { Logger } from '../observability/logger.ts';
import type { EventOutcome } from '../observability/metrics.ts';
import type { ReconcileRequest } from '../reconcile/pipeline.ts';
import type { ClassifiedFailure } from './failure.ts';
import { FunctionHttpError, HTTP_STATUS } from './http-error.ts';

export function logFailure(log: Logger, failure: ClassifiedFailure, err: unknown, message?: string): void {
  const fields = { reason: failure.reason, err: failure.message };
  if (failure.class === 'retry') log.warn(fields, message ?? 'reconcile will be retried');
  else if (failure.class === 'permanent')
    log.error(fields, message ?? 'reconcile failed; retrying the event cannot help');
  else log.error({ reason: failure.reason, err }, message ?? 'reconcile failed unexpectedly');
}

export function unexpected(log: Logger, err: unknown): FunctionHttpError {
  log.error({ err }, 'handling the event failed unexpectedly');
  return new FunctionHttpError(HTTP_STATUS.internalError, `internal error: ${errorText(err)}`, {
    cause: err,
  });
}

export function logDeadLetter(log: Logger, event: DeadLetterEvent): EventOutcome {
  log.error(
    {
      type: event.type,
      source: event.source,
      errorDestination: event.errorDestination,
      errorCode: event.errorCode,
      errorData: event.errorData,
    },
    'event delivery failed after all retries; the next resync will reconcile what it missed',
  );
  return 'dead-letter';
}

export function requestKey(request: ReconcileRequest): string {
  return `${kindId(request)}|${request.namespace ?? ''}|${request.name}`;
}

/** The work queue's fairness bucket of a request: its kind and namespace (fair-pending.ts). */
export function requestBucket(request: ReconcileRequest): string {
  return `${kindId(request)}|${request.namespace ?? ''}`;
}

export function dedupe(requests: readonly ReconcileRequest[]): ReconcileRequest[] {
  const seen = new Map<string, ReconcileRequest>();
  for (const request of requests) {
    const key = requestKey(request);
    if (!seen.has(key)) seen.set(key, request);
  }
  return [...seen.values()];
}

/** Metric label for an event type: the known types as they are, anything else as `other`. */
export function typeLabel(type: string | undefined): string {
  if (type === undefined) return 'none';
  return type === PING_EVENT_TYPE || Object.hasOwn(API_SERVER_EVENT_TYPES, type) ? type : 'other';
}

export function eventTypeOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  if ('type' in input && typeof input.type === 'string') return input.type;
  const headers = (input as { headers?: Record<string, unknown> }).headers;
  const header = headers?.['ce-type'];
  return typeof header === 'string' ? header : undefined;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
