/**
 * Where events waited, per Trigger (one per function): in the broker for a delivery slot
 * (`waitedMs`) and in the function until it answered (`deliveryMs`), from the local broker's
 * delivery history. Tells a slow function apart from a slow path to it.
 */
import type { DeliveryRecord } from '../../../local/eventing/broker.ts';
import { percentile } from '../percentile.ts';

export interface DeliveryFigures {
  deliveries: number;
  waitedMs: { p50: number; p99: number; max: number };
  deliveryMs: { p50: number; p99: number; max: number };
  /** Sum of the deliveries' times: how long the broker's slots for this subscriber were held. */
  slotMs: number;
  /** The same by the kind of the event's object: which events held the slots. */
  slotMsByKind: Record<string, number>;
}

function spread(values: readonly number[]) {
  return { p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(0, ...values) };
}

function slotsByKind(records: readonly DeliveryRecord[]): Record<string, number> {
  const byKind: Record<string, number> = {};
  for (const record of records) {
    const kind = record.kind ?? record.type;
    byKind[kind] = (byKind[kind] ?? 0) + record.deliveryMs;
  }
  return byKind;
}

export function deliveryFigures(history: readonly DeliveryRecord[]): Record<string, DeliveryFigures> {
  const byTrigger = new Map<string, DeliveryRecord[]>();
  for (const record of history) {
    const records = byTrigger.get(record.trigger) ?? [];
    records.push(record);
    byTrigger.set(record.trigger, records);
  }
  return Object.fromEntries(
    [...byTrigger].map(([trigger, records]) => [
      trigger,
      {
        deliveries: records.length,
        waitedMs: spread(records.map((record) => record.waitedMs)),
        deliveryMs: spread(records.map((record) => record.deliveryMs)),
        slotMs: records.reduce((sum, record) => sum + record.deliveryMs, 0),
        slotMsByKind: slotsByKind(records),
      },
    ]),
  );
}
