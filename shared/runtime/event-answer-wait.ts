/**
 * How long the answer to an event waits for its own object's reconcile
 * (`AIM_EVENT_ANSWER_WAIT_MS`, default 1000). Past that the function keeps the run (its queue,
 * its retries, the resync) and answers: a delivery the Broker holds open is one of the few it
 * sends the function at once (`containerConcurrency`), and in a burst the events behind it waited
 * at the Broker in arrival order, where the queue's priorities cannot reach them.
 */
import { positiveInteger } from '../config/positive-integer.ts';

export const EVENT_ANSWER_WAIT_ENV = 'AIM_EVENT_ANSWER_WAIT_MS';
export const DEFAULT_EVENT_ANSWER_WAIT_MS = 1000;

export function eventAnswerWaitMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return positiveInteger(env, EVENT_ANSWER_WAIT_ENV, DEFAULT_EVENT_ANSWER_WAIT_MS);
}

/** `'done'` once `run` fulfils within `waitMs` (its rejection passes through), else `'kept'`. */
export async function settledWithin(run: Promise<void>, waitMs: number): Promise<'done' | 'kept'> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'kept'>((resolve) => {
    timer = setTimeout(() => resolve('kept'), waitMs);
  });
  try {
    return await Promise.race([run.then(() => 'done' as const), waited]);
  } finally {
    clearTimeout(timer);
  }
}
