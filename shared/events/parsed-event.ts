/** The events a function can be handed, as CloudEvent intake (apiserver-event.ts) types them. */
import type { ObjectKey } from '../kube/types.ts';
import type { ApiServerAction, ApiServerMode } from './event-types.ts';

export interface ApiServerEvent {
  action: ApiServerAction;
  mode: ApiServerMode;
  /** The object the event is about; `namespace` is absent for cluster-scoped objects. */
  ref: ObjectKey;
  /** Resource mode only: the object as the API server sent it. A hint, possibly stale. */
  object?: unknown;
  eventId: string;
  type: string;
  source: string;
}

/**
 * The periodic tick (PingSource): reconcile everything the function owns. `wake` when it is the
 * function's own wake schedule (shared/timed-work/wake-schedule.ts) rather than the resync.
 */
export interface ResyncEvent {
  action: 'resync';
  wake: boolean;
  eventId: string;
  type: string;
  source: string;
}

/** A function's request to itself to stay up until `holdUntil` (shared/timed-work/keep-alive.ts). */
export interface KeepAliveEvent {
  action: 'keep-alive';
  /** Epoch ms. */
  holdUntil: number;
  eventId: string;
  type: string;
  source: string;
}

/**
 * An event the Broker gave up delivering (retries exhausted) and sent to the dead-letter sink,
 * which is the function itself (eventing/triggers.yaml). It is logged, not reconciled: the
 * resync repairs whatever it missed, and reconciling here could repeat the failure forever.
 */
export interface DeadLetterEvent {
  action: 'dead-letter';
  eventId: string;
  /** The original event's type. */
  type: string;
  source: string;
  /** `knativeerrordest`: the subscriber URL that kept failing. */
  errorDestination: string;
  /** `knativeerrorcode`: the last HTTP status, when there was one. */
  errorCode?: string;
  /** `knativeerrordata`: the last response body (may be truncated or base64 by the channel). */
  errorData?: string;
}

export type ParsedEvent = ApiServerEvent | ResyncEvent | KeepAliveEvent | DeadLetterEvent;

/** An HTTP request as faas-js-runtime's context exposes it. */
export interface RawHttpMessage {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}
