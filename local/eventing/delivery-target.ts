/**
 * Where the local broker sends a delivery: a URL, or a lease on an instance that the
 * subscriber's autoscaler counts as busy until the delivery is over
 * (local/platform/function-scaler.ts), as Knative's activator reports requests it holds.
 */
export interface Lease {
  url: string;
  release(): void;
}

export type Target = string | Lease;

export function leaseOf(target: Target | undefined): Lease | undefined {
  if (target === undefined || target === '') return undefined;
  return typeof target === 'string' ? { url: target, release: () => {} } : target;
}
