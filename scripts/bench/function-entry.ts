import { join } from 'node:path';
import { bundleFunctions } from '../build/bundle.ts';

/**
 * The benchmarks measure what the image runs: the functions bundled as `npm run build` does (into
 * `.aim-local/bundle`), unless `--from-source` asks for the TypeScript sources that `npm start`
 * and the e2e tests run. Returns the platform's `functionEntry`.
 */
export async function benchFunctionEntry(
  root: string,
  fromSource: boolean | undefined,
  log: (msg: string) => void,
): Promise<string | undefined> {
  if (fromSource) {
    log('functions run from the TypeScript sources');
    return undefined;
  }
  const started = Date.now();
  const entry = await bundleFunctions(join(root, '.aim-local', 'bundle'));
  log(`functions bundled as the image's build stage does, in ${Date.now() - started} ms`);
  return entry;
}
