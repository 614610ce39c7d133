/**
 * The reconcile context unit tests hand a reconciler: the test's client and clock, a log that
 * drops everything (tests assert outcomes, not log lines), the usual operator namespace and no
 * sleeping between conflict retries.
 */
import type { KubeClient } from '../../shared/kube/types.ts';
import type { ReconcileContext, ReconcileLogger } from '../../shared/reconcile/reconciler.ts';

export const SILENT_LOG: ReconcileLogger = { debug() {}, info() {}, warn() {}, error() {} };

export function testContext(
  client: KubeClient,
  fields: Pick<ReconcileContext, 'fieldManager' | 'now'> & Partial<ReconcileContext>,
): ReconcileContext {
  return {
    client,
    log: SILENT_LOG,
    operatorNamespace: 'aim-system',
    conflictRetry: { sleep: async () => {} },
    ...fields,
  };
}
