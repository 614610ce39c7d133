/** What the local broker records of its deliveries, for tests, the benchmarks and the live view. */

export interface DeadLetter {
  trigger: string;
  eventId: string;
  type: string;
  subject?: string;
  attempts: number;
  reason: string;
}

/** The final outcome of one event's delivery to one Trigger's subscriber. */
export interface DeliveryRecord {
  trigger: string;
  /** The instance the event went to (the last attempt's). */
  subscriber: string;
  eventId: string;
  type: string;
  kind?: string;
  name?: string;
  attempts: number;
  outcome: 'delivered' | 'dead-letter';
  status?: number;
  /** From the ingress accepting the event to its first attempt (waiting for a delivery slot). */
  waitedMs: number;
  /** From the first attempt to the outcome (the subscriber's answers and any retries). */
  deliveryMs: number;
}
