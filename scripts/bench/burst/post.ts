/**
 * Posts a burst of objects at once (`concurrency` creations in flight) and sorts the answers:
 * accepted (followed by the StatusWatch), or rejected with the API server's code and message.
 */
import { KubeError } from '../../../shared/kube/errors.ts';
import type { KubeClient, KubeObject } from '../../../shared/kube/types.ts';
import { settleWithConcurrency } from '../../../shared/runtime/concurrency.ts';
import type { StatusWatch } from './status-watch.ts';

export interface Rejection {
  object: KubeObject;
  statusCode: number | undefined;
  message: string;
  /** Fields the Status body's causes name (422). */
  fields: string[];
}

export interface PostResult {
  rejected: Rejection[];
  /** First POST sent → last answer (ms). */
  postMs: number;
}

export async function postBurst(
  client: KubeClient,
  objects: readonly KubeObject[],
  watch: StatusWatch,
  concurrency = 64,
): Promise<PostResult> {
  const rejected: Rejection[] = [];
  const started = Date.now();
  const results = await settleWithConcurrency(objects, concurrency, async (object) => {
    try {
      await client.create(object, { fieldManager: 'aim-burst' });
      watch.expect(object, Date.now());
    } catch (err) {
      if (!(err instanceof KubeError)) throw err;
      rejected.push({
        object,
        statusCode: err.statusCode,
        message: err.details.message ?? err.message,
        fields: (err.details.causes ?? []).flatMap((cause) => (cause.field ? [cause.field] : [])),
      });
    }
  });
  const unexpected = results.find((result) => result.status === 'rejected');
  if (unexpected !== undefined) throw unexpected.reason;
  return { rejected, postMs: Date.now() - started };
}

/** A rejection a user can act on: a 4xx whose message or causes name a field of the object. */
export function isClearRejection(rejection: Rejection): boolean {
  const code = rejection.statusCode ?? 0;
  if (code < 400 || code >= 500) return false;
  return rejection.fields.length > 0 || /\b(spec|metadata)(\.[A-Za-z[\]0-9]+)*\b/.test(rejection.message);
}
