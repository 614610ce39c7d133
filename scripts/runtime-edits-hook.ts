/**
 * The bundle's edits of faas-js-runtime (scripts/build/runtime-edits.ts), applied as Node loads
 * the modules: what `npm start` and the end-to-end tests run from source is then the runtime the
 * image runs, and a function from source sleeps at rest as the bundled one does.
 */
import { registerHooks } from 'node:module';
import { editRuntimeSource, isEditedRuntimeModule } from './build/runtime-edits.ts';

export function registerRuntimeEdits(): void {
  registerHooks({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context);
      const { source } = result;
      if (source === undefined || source === null || !isEditedRuntimeModule(url)) return result;
      const edited = editRuntimeSource(url, String(source));
      return edited === undefined ? result : { ...result, source: edited.code };
    },
  });
}
