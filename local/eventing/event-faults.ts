/**
 * Seeded fault injection for the local broker: a given fraction of CloudEvents is dropped (the
 * subscriber never sees it and nothing redelivers it, as an event lost in a real cluster),
 * duplicated (delivered twice, the copy a little later) or delayed (held back so later events
 * overtake it). Each Trigger draws from its own random stream derived from the seed, so the same
 * seed and the same event order per Trigger give the same faults: a failing run can be replayed.
 */

export type FaultAction = 'deliver' | 'drop' | 'duplicate' | 'delay';

export interface EventFaultOptions {
  /** Any integer; printed by tests so a failure can be replayed. */
  seed: number;
  /** Fractions of events per Trigger, each in [0, 1]; their sum must not exceed 1. */
  drop?: number;
  duplicate?: number;
  delay?: number;
  /** Upper bound of a delayed event's hold-back and of a duplicate's lag (default 3 s). */
  maxDelayMs?: number;
  /** Which events faults apply to (default every event); the others are always delivered. */
  appliesTo?: (event: FaultedEvent) => boolean;
  /** Events always dropped (an object whose every event is lost, that only the resync can find). */
  lose?: (event: FaultedEvent) => boolean;
}

export interface FaultedEvent {
  type: string;
  kind?: string;
  name?: string;
}

export interface FaultDecision {
  action: FaultAction;
  /** For `delay`: how long the event is held; for `duplicate`: the copy's lag. */
  delayMs: number;
}

/** One faulted event, for tests to check that faults happened and what they hit. */
export interface FaultRecord {
  trigger: string;
  action: Exclude<FaultAction, 'deliver'>;
  type: string;
  kind?: string;
  name?: string;
}

/** mulberry32: tiny, fast and good enough to spread faults; the same seed gives the same stream. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of a Trigger name, mixed into the seed so each Trigger has its own stream. */
function streamSeed(seed: number, trigger: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (let i = 0; i < trigger.length; i++) hash = Math.imul(hash ^ trigger.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export class EventFaultInjector {
  readonly faults: FaultRecord[] = [];
  readonly counts: Record<FaultAction, number> = { deliver: 0, drop: 0, duplicate: 0, delay: 0 };
  private readonly streams = new Map<string, () => number>();
  private readonly options: EventFaultOptions;

  constructor(options: EventFaultOptions) {
    const rates = [options.drop ?? 0, options.duplicate ?? 0, options.delay ?? 0];
    if (rates.some((r) => !(r >= 0 && r <= 1)) || rates.reduce((a, b) => a + b, 0) > 1) {
      throw new Error(`event fault rates must be in [0, 1] and sum to at most 1: ${rates.join(', ')}`);
    }
    this.options = options;
  }

  /** The fate of the next event routed to `trigger`. */
  decide(trigger: string, event: FaultedEvent): FaultDecision {
    if (this.options.lose?.(event)) return this.record(trigger, event, { action: 'drop', delayMs: 0 });
    if (this.options.appliesTo && !this.options.appliesTo(event)) {
      this.counts.deliver++;
      return { action: 'deliver', delayMs: 0 };
    }
    let random = this.streams.get(trigger);
    if (!random) {
      random = seededRandom(streamSeed(this.options.seed, trigger));
      this.streams.set(trigger, random);
    }
    // Two draws per event whatever the outcome, so one decision never shifts the next ones.
    const roll = random();
    const delayMs = Math.round(random() * (this.options.maxDelayMs ?? 3_000));
    const { drop = 0, duplicate = 0, delay = 0 } = this.options;
    const action: FaultAction =
      roll < drop
        ? 'drop'
        : roll < drop + duplicate
          ? 'duplicate'
          : roll < drop + duplicate + delay
            ? 'delay'
            : 'deliver';
    return this.record(trigger, event, { action, delayMs });
  }

  private record(trigger: string, event: FaultedEvent, decision: FaultDecision): FaultDecision {
    const { action } = decision;
    this.counts[action]++;
    if (action !== 'deliver') {
      this.faults.push({ trigger, action, type: event.type, kind: event.kind, name: event.name });
      if (this.faults.length > 10_000) this.faults.splice(0, this.faults.length - 10_000);
    }
    return decision;
  }
}
