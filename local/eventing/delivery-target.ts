/**
 * Where the local broker sends a delivery: a URL, or a lease on an instance that the
 * subscriber's autoscaler counts as busy until the delivery is over
 * (local/platform/function-scaler.ts), as Knative's activator reports requests it holds.
 */
export type Target = string | { url: string; release(): void };

export function leaseOf(target: Target | undefined): { url: string; release(): void } | undefined {
  if (target === undefined || target === '') return undefined;
  return typeof target === 'string' ? { url: target, release: () => {} } : target;
}
