/**
 * `npm run build`: the functions bundled into dist/ as the image runs them (scripts/build/bundle.ts).
 * Type checking is `npm run typecheck`; the bundler strips types without checking them.
 */
import { join } from 'node:path';
import { bundleFunctions } from './build/bundle.ts';

const started = Date.now();
const entry = await bundleFunctions(join(import.meta.dirname, '..', 'dist'));
process.stdout.write(`bundled ${entry} in ${Date.now() - started} ms\n`);
