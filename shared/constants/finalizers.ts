/** The only finalizers the operator sets (spec §15.3). */
export const FINALIZERS = {
  /** On AIMService: deletes the service's non-Ready template caches. */
  templateCacheCleanup: 'aim.eai.amd.com/template-cache-cleanup',
  /** On AIMTemplateCache: deletes the cache's non-Ready artifacts. */
  artifactCleanup: 'aim.eai.amd.com/artifactcleanup',
} as const;
