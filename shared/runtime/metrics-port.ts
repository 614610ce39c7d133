import type { Logger } from '../observability/logger.ts';

export const METRICS_PORT_ENV = 'AIM_METRICS_PORT';

/** The port `AIM_METRICS_PORT` names, or undefined (metrics off) when unset or not a port. */
export function metricsPortFromEnv(log: Logger): number | undefined {
  const text = process.env[METRICS_PORT_ENV]?.trim();
  if (!text) return undefined;
  const port = Number(text);
  if (Number.isInteger(port) && port > 0 && port < 65536) return port;
  log.warn({ value: text }, `${METRICS_PORT_ENV} is not a port; metrics are not served`);
  return undefined;
}
