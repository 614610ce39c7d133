import { createServer, type IncomingMessage, type Server } from 'node:http';
import { CloudEvent, HTTP } from 'cloudevents';
import { KEEP_ALIVE_EVENT_TYPE } from '../../shared/timed-work/function-events.ts';
import type { DeadLetter, DeliveryRecord } from './broker-records.ts';
import { FALLBACK_CONTAINER_CONCURRENCY } from './container-concurrency.ts';
import { postDeadLetter } from './dead-letter-post.ts';
import { backoffMs, retryable, Semaphore } from './delivery-policy.ts';
import { leaseOf, type Target } from './delivery-target.ts';
import { parseIsoDurationMs } from './durations.ts';
import type { EventFaultInjector } from './event-faults.ts';
import { attributesOf, triggerMatches } from './filters.ts';
import { SubscriberConnections } from './http-post.ts';
import type { Destination, Trigger } from './manifests.ts';

export type { DeadLetter, DeliveryRecord } from './broker-records.ts';
export type { Target } from './delivery-target.ts';

export interface LocalBrokerOptions {
  triggers: Trigger[];
  /** A Destination's local target (undefined: not running here); a promise holds the delivery till then. */
  resolve: (destination: Destination) => Target | undefined | Promise<Target | undefined>;
  log?: (line: Record<string, unknown>) => void;
  /**
   * Concurrent deliveries per subscriber instance (its containerConcurrency); the rest wait in
   * arrival order, as at Knative's activator. Default FALLBACK_CONTAINER_CONCURRENCY.
   */
  maxInFlight?: (destination: Destination) => number;
  /** Drops, duplicates and delays a seeded fraction of events per Trigger (fault tests). */
  faults?: EventFaultInjector;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small in-process stand-in for a Knative Broker: accepts CloudEvents (binary or structured),
 * answers 202, and fans each event out to every Trigger whose filters match, honouring the
 * Trigger's delivery spec (retries, backoff, per-attempt timeout, dead-letter sink). Like the
 * in-memory channel broker it makes no ordering promise.
 */
export class LocalBroker {
  readonly deadLetters: DeadLetter[] = [];
  /** Every event the ingress accepted (type, kind, name), oldest first (bounded). */
  readonly received: { type: string; kind?: string; name?: string }[] = [];
  /** Every failed delivery attempt (before any retry), oldest first (bounded). */
  readonly failedAttempts: {
    trigger: string;
    eventId: string;
    type: string;
    name?: string;
    reason: string;
  }[] = [];
  /** Every delivery's final outcome, oldest first (bounded), for tests and the live view. */
  readonly history: DeliveryRecord[] = [];
  private server: Server | undefined;
  private readonly pools = new Map<string, Semaphore>();
  private readonly pending = new Set<Promise<void>>();
  private readonly connections = new SubscriberConnections();
  /** Each event's binary HTTP form, made once for all the Triggers it goes to. */
  private readonly messages = new WeakMap<
    CloudEvent<unknown>,
    { headers: Record<string, string>; body: string }
  >();
  private readonly log: (line: Record<string, unknown>) => void;
  private stopped = false;
  delivered = 0;
  retried = 0;

  private readonly options: LocalBrokerOptions;

  constructor(options: LocalBrokerOptions) {
    this.options = options;
    this.log =
      options.log ??
      ((line) => process.stderr.write(`${JSON.stringify({ component: 'local-broker', ...line })}\n`));
  }

  async listen(port = 0): Promise<string> {
    this.server = createServer(async (req, res) => {
      try {
        const body = await readBody(req);
        const parsed = HTTP.toEvent({ headers: req.headers, body });
        const events = Array.isArray(parsed) ? parsed : [parsed];
        for (const event of events) this.publish(new CloudEvent(event, false));
        res.writeHead(202).end();
      } catch (err) {
        res
          .writeHead(400, { 'content-type': 'text/plain' })
          .end(`not a CloudEvent: ${(err as Error).message}`);
      }
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('broker has no address');
    return `http://127.0.0.1:${address.port}`;
  }

  /** Routes one event to every matching Trigger (used by the HTTP ingress and the ping scheduler). */
  publish(event: CloudEvent<unknown>): void {
    if (this.stopped) return;
    this.received.push({
      type: event.type,
      kind: typeof event.kind === 'string' ? event.kind : undefined,
      name: typeof event.name === 'string' ? event.name : undefined,
    });
    if (this.received.length > 10_000) this.received.splice(0, this.received.length - 10_000);
    const attrs = attributesOf(event);
    for (const trigger of this.options.triggers) {
      if (!triggerMatches(trigger, attrs)) continue;
      const fault = this.options.faults?.decide(trigger.metadata.name, {
        type: event.type,
        kind: attrs.kind,
        name: attrs.name,
      });
      // A dropped event is lost for good: no attempt, no retry, no dead letter.
      if (fault?.action === 'drop') continue;
      this.dispatch(trigger, event, fault?.action === 'delay' ? fault.delayMs : 0);
      if (fault?.action === 'duplicate') this.dispatch(trigger, event, fault.delayMs);
    }
  }

  /**
   * Delivers to the subscriber the Trigger resolves to (with several instances of a function the
   * resolver spreads deliveries), after `delayMs` when the event is held back.
   */
  private dispatch(trigger: Trigger, event: CloudEvent<unknown>, delayMs: number): void {
    const run = async () => {
      const accepted = performance.now();
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      await this.deliver(trigger, event, accepted);
    };
    const delivery = run();
    // A keep-alive is held open by design (up to ~95 s, renewed while the function has work due):
    // it is no work in flight that `drain` should wait for.
    if (event.type === KEEP_ALIVE_EVENT_TYPE) return;
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /**
   * One attempt, on the instance the subscriber resolves to now: Knative's dispatcher posts every
   * attempt to the Service's address, so a retry reaches whichever pod serves it then — after a
   * rollout, the new Revision's, never the stopped pod the failed attempt went to. Undefined: the
   * subscriber does not run here (nor will: `lose`), and the delivery ends without an outcome.
   */
  private async attempt(
    trigger: Trigger,
    message: { headers: Record<string, string>; body: string },
    timeoutMs: number,
    onStart: () => void,
  ): Promise<{ url: string; status?: number; error?: Error } | undefined> {
    const lease = leaseOf(await this.options.resolve(trigger.spec.subscriber));
    if (!lease) return undefined;
    try {
      if (this.stopped) return undefined;
      const { url } = lease;
      const pool =
        this.pools.get(url) ??
        new Semaphore(this.options.maxInFlight?.(trigger.spec.subscriber) ?? FALLBACK_CONTAINER_CONCURRENCY);
      this.pools.set(url, pool);
      return await pool.run(async () => {
        onStart();
        try {
          return { url, status: await this.connections.post(url, message.headers, message.body, timeoutMs) };
        } catch (err) {
          return { url, error: err as Error };
        }
      });
    } finally {
      lease.release();
    }
  }

  private async deliver(trigger: Trigger, event: CloudEvent<unknown>, accepted: number): Promise<void> {
    let started: number | undefined;
    const timing = () => ({
      waitedMs: Math.round((started ?? accepted) - accepted),
      deliveryMs: Math.round(performance.now() - (started ?? accepted)),
    });
    const spec = trigger.spec.delivery;
    const attempts = (spec?.retry ?? 0) + 1;
    const timeoutMs = spec?.timeout ? parseIsoDurationMs(spec.timeout) : 60_000;
    const message = this.messageOf(event);
    let reason = '';
    let url = '';
    for (let attempt = 1; attempt <= attempts && !this.stopped; attempt++) {
      const result = await this.attempt(trigger, message, timeoutMs, () => {
        started ??= performance.now();
      });
      if (result === undefined) return;
      url = result.url;
      const { status } = result;
      if (status !== undefined && status >= 200 && status < 300) {
        this.delivered++;
        this.remember({ trigger, url, event, attempts: attempt, outcome: 'delivered', status, ...timing() });
        return;
      }
      reason = status !== undefined ? `HTTP ${status}` : `transport error: ${result.error?.message}`;
      if (status !== undefined && !retryable(status)) break;
      this.failedAttempts.push({
        trigger: trigger.metadata.name,
        eventId: event.id,
        type: event.type,
        name: typeof event.name === 'string' ? event.name : undefined,
        reason,
      });
      if (this.failedAttempts.length > 10_000)
        this.failedAttempts.splice(0, this.failedAttempts.length - 10_000);
      if (attempt < attempts) {
        this.retried++;
        await new Promise((r) => setTimeout(r, backoffMs(spec, attempt)));
      }
    }
    if (this.stopped) return;
    const dead: DeadLetter = {
      trigger: trigger.metadata.name,
      eventId: event.id,
      type: event.type,
      subject: event.subject,
      attempts,
      reason,
    };
    this.deadLetters.push(dead);
    this.remember({ trigger, url, event, attempts, outcome: 'dead-letter', ...timing() });
    this.log({ level: 'error', msg: 'dead letter: delivery retries exhausted', ...dead });
    await this.sendToDeadLetterSink(spec?.deadLetterSink, event, url, reason);
  }

  private messageOf(event: CloudEvent<unknown>): { headers: Record<string, string>; body: string } {
    let message = this.messages.get(event);
    if (message === undefined) {
      const binary = HTTP.binary(event);
      message = { headers: binary.headers as Record<string, string>, body: binary.body as string };
      this.messages.set(event, message);
    }
    return message;
  }

  private async sendToDeadLetterSink(
    sink: Destination | undefined,
    event: CloudEvent<unknown>,
    failedUrl: string,
    reason: string,
  ): Promise<void> {
    const lease = leaseOf(sink ? await this.options.resolve(sink) : undefined);
    if (!lease) return;
    try {
      await postDeadLetter(lease.url, event, failedUrl, reason, this.log);
    } finally {
      lease.release();
    }
  }

  private remember(args: {
    trigger: Trigger;
    url: string;
    event: CloudEvent<unknown>;
    attempts: number;
    outcome: DeliveryRecord['outcome'];
    status?: number;
    waitedMs: number;
    deliveryMs: number;
  }): void {
    const { event } = args;
    this.history.push({
      trigger: args.trigger.metadata.name,
      subscriber: args.url,
      eventId: event.id,
      type: event.type,
      kind: typeof event.kind === 'string' ? event.kind : undefined,
      name: typeof event.name === 'string' ? event.name : undefined,
      attempts: args.attempts,
      outcome: args.outcome,
      status: args.status,
      waitedMs: args.waitedMs,
      deliveryMs: args.deliveryMs,
    });
    if (this.history.length > 10_000) this.history.splice(0, this.history.length - 10_000);
  }

  /** Waits until every delivery in flight has finished, keep-alives aside (tests use it to settle). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.connections.close();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
