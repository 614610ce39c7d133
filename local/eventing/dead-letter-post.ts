import { type CloudEvent, HTTP } from 'cloudevents';

/**
 * Sends an event whose delivery failed to the Trigger's dead-letter sink, with Knative's
 * `knativeerrordest` and `knativeerrorcode` extensions; an unreachable sink is logged.
 */
export async function postDeadLetter(
  url: string,
  event: CloudEvent<unknown>,
  failedUrl: string,
  reason: string,
  log: (line: Record<string, unknown>) => void,
): Promise<void> {
  const code = /^HTTP (\d+)$/.exec(reason)?.[1];
  const message = HTTP.binary(
    event.cloneWith({ knativeerrordest: failedUrl, ...(code ? { knativeerrorcode: code } : {}) }, false),
  );
  try {
    await fetch(url, {
      method: 'POST',
      headers: message.headers as Record<string, string>,
      body: message.body as string,
    });
  } catch (err) {
    log({ level: 'error', msg: 'dead-letter sink unreachable', error: (err as Error).message });
  }
}
