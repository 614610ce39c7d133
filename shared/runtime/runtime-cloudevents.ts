/**
 * The `ValidationError` class of the cloudevents copy faas-js-runtime itself validates with: the
 * runtime pins its own major (nested under its node_modules), so ours is a different class.
 * Resolved from the runtime's location at run time; the function bundle replaces this module with
 * a static import of that same copy (scripts/build/bundle.ts), which it then holds once.
 */
import { createRequire } from 'node:module';

export function runtimeValidationError(): { prototype: object } | undefined {
  const requireFromRuntime = createRequire(createRequire(import.meta.url).resolve('faas-js-runtime'));
  return (requireFromRuntime('cloudevents') as { ValidationError?: { prototype: object } }).ValidationError;
}
