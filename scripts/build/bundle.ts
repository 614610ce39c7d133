import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'rolldown';
import { FUNCTION_NAMES } from '../../functions/modules.ts';
import { asciiOutputPlugin } from './ascii-output.ts';
import { runtimeEditsPlugin } from './runtime-edits.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Bundles the functions into what the image runs: `<outDir>/functions/main.js` (the entry point,
 * faas-js-runtime and every dependency in it), one chunk per function under `chunks/` (each
 * process loads only its own) and each func.yaml beside where the runtime looks for it. Resolving
 * and wrapping a few hundred package files was most of a cold start (~240 ms of ~430 ms to
 * listening, docs/performance.md); one file per function loads in a fraction of that.
 *
 * `@kubernetes/client-node` and `yaml` stay outside: they are loaded only for kubeconfigs the light
 * connection cannot serve and for YAML kubeconfig text (shared/kube/kubeconfig.ts, connection.ts),
 * from the production dependencies the image keeps.
 * Returns the entry point.
 */
export async function bundleFunctions(outDir: string): Promise<string> {
  const functionsDir = join(outDir, 'functions');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    cwd: ROOT,
    input: join(ROOT, 'functions', 'main.ts'),
    platform: 'node',
    external: ['@kubernetes/client-node', 'yaml'],
    plugins: [runtimeCloudEventsPlugin(), sloppyGlobalPlugin(), runtimeEditsPlugin(), asciiOutputPlugin()],
    logLevel: 'warn',
    output: {
      dir: functionsDir,
      format: 'esm',
      entryFileNames: 'main.js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
      // V8 keeps each script's source for lazy compilation: with doc comments (’, →, —) in it, it
      // was a two-byte string, ~5 MiB of every function's heap. Licences stay.
      comments: { legal: true, annotation: false, jsdoc: false },
      charset: 'ascii',
    },
  });
  // faas-js-runtime reads the function's name (metrics labels) from the func.yaml next to it.
  for (const name of FUNCTION_NAMES)
    cpSync(join(ROOT, 'functions', name, 'func.yaml'), join(functionsDir, name, 'func.yaml'));
  return join(functionsDir, 'main.js');
}

/**
 * shared/runtime/runtime-cloudevents.ts finds faas-js-runtime's own cloudevents copy on disk at
 * run time; in the bundle that copy is inlined, so the lookup would mark a class the runtime never
 * throws and malformed events would be answered 500 again. The module becomes a static import of
 * the copy the runtime resolves, which the bundle then holds once for both.
 */
function runtimeCloudEventsPlugin(): Plugin {
  const moduleFile = join(ROOT, 'shared', 'runtime', 'runtime-cloudevents.ts');
  const runtimeEntry = createRequire(join(ROOT, 'package.json')).resolve('faas-js-runtime');
  const runtimeCloudEvents = createRequire(runtimeEntry).resolve('cloudevents');
  let replaced = false;
  return {
    name: 'aim-runtime-cloudevents',
    load(id) {
      if (id !== moduleFile) return null;
      replaced = true;
      return [
        `import cloudevents from ${JSON.stringify(runtimeCloudEvents)};`,
        'export function runtimeValidationError() { return cloudevents.ValidationError; }',
      ].join('\n');
    },
    buildEnd() {
      if (!replaced)
        throw new Error(`${moduleFile} was not in the bundle: the 400 for malformed events needs it`);
    },
  };
}

/**
 * faas-js-runtime 4 assigns an undeclared variable (`osu = require('node-os-utils')` in
 * lib/metrics.js), which CommonJS's sloppy mode turns into a global; a bundle is an ES module,
 * strict, where it throws. Declaring it in that module keeps the meaning.
 */
function sloppyGlobalPlugin(): Plugin {
  return {
    name: 'aim-sloppy-global',
    transform(code, id) {
      if (!id.endsWith('/faas-js-runtime/lib/metrics.js')) return null;
      if (!/[^.\w]osu = require\(/.test(code) || /\b(var|let|const) osu\b/.test(code)) return null;
      return { code: `var osu;\n${code}`, map: null };
    },
  };
}
