/**
 * What a function answers Kubernetes' liveness and readiness probes (`/health/liveness`,
 * `/health/readiness`, the Knative Services' probes).
 *
 * faas-js-runtime's own answers (overload-protection) are 503 whenever its last 5 ms sample of
 * the event loop was late by more than 42 ms. A function that just parsed a large LIST or ran a
 * burst of reconciles is busy, not broken, yet a probe answered right after would take it out of
 * service (its events buffered) or, three times over, restart it (its cache lost); and the first
 * readiness probe of every cold start failed on the time spent loading modules.
 *
 * Alive: it answers. Ready: it is not shutting down (the runtime listens only once `init` is done).
 */

/** The part of fastify's reply the probes use. */
interface ProbeReply {
  code(status: number): ProbeReply;
  send(body: string): unknown;
}

/** Typed loosely: the runtime's types name a plain HTTP response where it passes fastify's reply. */
export type ProbeHandler = (request: unknown, reply: unknown) => unknown;

function answer(reply: unknown, status: number, body: string): unknown {
  return (reply as ProbeReply).code(status).send(body);
}

export interface HealthProbes {
  liveness: ProbeHandler;
  readiness: ProbeHandler;
}

export function healthProbes(isStopping: () => boolean): HealthProbes {
  return {
    liveness: (_request, reply) => answer(reply, 200, 'OK'),
    readiness: (_request, reply) =>
      isStopping() ? answer(reply, 503, 'shutting down') : answer(reply, 200, 'OK'),
  };
}
