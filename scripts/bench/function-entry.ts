import { join } from 'node:path';
import { compileFunctions } from '../../local/platform/compiled-functions.ts';

/**
 * The benchmarks measure what the image runs: the functions compiled by tsconfig.build.json
 * (into `.aim-local/compiled`), unless `--from-source` asks for the TypeScript sources that
 * `npm start` and the e2e tests run. Returns the platform's `functionEntry`.
 */
export function benchFunctionEntry(
  root: string,
  fromSource: boolean | undefined,
  log: (msg: string) => void,
): string | undefined {
  if (fromSource) {
    log('functions run from the TypeScript sources');
    return undefined;
  }
  const started = Date.now();
  const entry = compileFunctions(join(root, '.aim-local', 'compiled'));
  log(`functions compiled as the image's build stage does, in ${Date.now() - started} ms`);
  return entry;
}
