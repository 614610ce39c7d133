/**
 * Events a function sends to its own kind through the Broker, and how Triggers tell them apart.
 *
 * Every function's Trigger takes a PingSource tick only when its `aimfunction` extension is `all`
 * (the resync, eventing/pingsource.yaml) or the function's own name (its wake schedule,
 * wake-schedule.ts); a keep-alive carries the name of the function that sent it.
 */

/** CloudEvent extension naming the function an event is for. */
export const FUNCTION_EXTENSION = 'aimfunction';
/** Its value on the resync tick, which every function takes. */
export const EVERY_FUNCTION = 'all';

/** A request a function holds open on itself so that Knative keeps it up until `holdUntil`. */
export const KEEP_ALIVE_EVENT_TYPE = 'com.amd.aim.keepalive';
