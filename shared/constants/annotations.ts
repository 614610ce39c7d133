/** AIM annotation keys (spec §15.2). KServe annotations live in `kserve.ts`. */
export const ANNOTATIONS = {
  /** `"true"` makes every reconcile of the object a no-op (spec §3.3). */
  reconciliationPaused: 'aim.eai.amd.com/reconciliation-paused',
  /** Where a model-source cluster model's image came from (spec §13). */
  sourceRegistry: 'aim.eai.amd.com/source-registry',
  sourceRepository: 'aim.eai.amd.com/source-repository',
  sourceTag: 'aim.eai.amd.com/source-tag',
} as const;

/** The annotation value that pauses reconciliation. */
export const RECONCILIATION_PAUSED_VALUE = 'true';
