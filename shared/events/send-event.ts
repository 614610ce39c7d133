/**
 * Sends one CloudEvent (binary mode) to a sink: the Broker's URL a SinkBinding gives the function
 * as `K_SINK`. Over node:http, not fetch (see shared/runtime/node-http.ts: undici stays resident).
 */
import { CloudEvent, HTTP } from 'cloudevents';
import { http, https } from '../runtime/node-http.ts';

const SEND_TIMEOUT_MS = 10_000;

export interface OutgoingEvent {
  type: string;
  source: string;
  extensions?: Record<string, string>;
  data: unknown;
}

export function sendEvent(sink: string, outgoing: OutgoingEvent): Promise<void> {
  const event = new CloudEvent({
    type: outgoing.type,
    source: outgoing.source,
    datacontenttype: 'application/json',
    data: outgoing.data,
    ...outgoing.extensions,
  });
  const message = HTTP.binary(event);
  const body = typeof message.body === 'string' ? message.body : JSON.stringify(message.body);
  const url = new URL(sink);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          ...(message.headers as Record<string, string>),
          'content-length': Buffer.byteLength(body),
        },
        timeout: SEND_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`${sink} answered ${status} to a ${outgoing.type} event`));
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`${sink} did not answer within ${SEND_TIMEOUT_MS} ms`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}
