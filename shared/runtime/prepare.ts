/**
 * What a started function does once it listens and before its first event arrives: build the
 * schemas that event will be parsed with (the CloudEvent's, then each owned kind's). They are
 * built on first use (shared/api/lazy-schema.ts), which kept them off the way to readiness; a
 * function scaled to zero is started for an event, and between its readiness and that event's
 * delivery (the activator's probe, the broker's request) the process is idle, so built there
 * they cost the first status write nothing (~15 ms of it otherwise, service-resolve's schemas).
 * One schema per turn of the event loop, so a probe or an event that arrives meanwhile waits for
 * one build at most; an event that comes sooner builds what it needs itself. This only moves
 * work, never changes it.
 */
import { buildEventSchemas } from '../events/apiserver-event.ts';
import type { FunctionDefinition } from './function-types.ts';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export async function prepareFirstEvent(definition: FunctionDefinition): Promise<void> {
  buildEventSchemas();
  for (const reconciler of definition.reconcilers) {
    await nextTurn();
    reconciler.schema();
  }
}
