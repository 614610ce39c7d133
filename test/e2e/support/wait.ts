import type { KubeClient, KubeObject, ObjectKey } from '../../../shared/kube/types.ts';

/** Polls until `probe` returns a value (not undefined/false), or fails with what was last seen. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  { timeoutMs = 60_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(
    `timed out waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`,
  );
}

/** Waits until the example AIMService of examples/ (`aim-demo/chat`) reports Running. */
export async function exampleServiceRunning(client: KubeClient): Promise<KubeObject> {
  return await eventually(
    'the example AIMService Running',
    async () => {
      const svc = await client.get<KubeObject>({
        apiVersion: 'aim.eai.amd.com/v1alpha1',
        kind: 'AIMService',
        namespace: 'aim-demo',
        name: 'chat',
      });
      return svc.status?.status === 'Running' ? svc : undefined;
    },
    { timeoutMs: 240_000, intervalMs: 1_000 },
  );
}

/** Polls the object at `key` until `ready` holds for it (90 s). */
export async function objectWhen(
  client: KubeClient,
  key: ObjectKey,
  what: string,
  ready: (object: KubeObject) => boolean,
): Promise<KubeObject> {
  return eventually(
    `${key.kind} ${key.name}: ${what}`,
    async () => {
      const object = await client.getOptional(key);
      return object !== undefined && ready(object) ? object : undefined;
    },
    { timeoutMs: 90_000 },
  );
}
