import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTION_NAMES } from '../../functions/modules.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Compiles the functions as the image's build stage does (`tsconfig.build.json`) into `outDir`
 * with each func.yaml beside its module, and returns the entry point the image runs
 * (`<outDir>/functions/main.js`). The benchmarks measure this form: run from the TypeScript
 * sources, Node strips types at load time, which costs every process ~30 MiB and ~0.4 s of start.
 * `outDir` must sit where packages resolve (inside the repository, or beside a node_modules link).
 * Also what the image entry-point e2e test lays out as the runtime stage.
 */
export function compileFunctions(outDir: string): string {
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--outDir', outDir],
    { cwd: ROOT, stdio: 'pipe' },
  );
  // Every function has one; a missing one fails here, as it would fail the image test.
  for (const name of FUNCTION_NAMES)
    cpSync(join(ROOT, 'functions', name, 'func.yaml'), join(outDir, 'functions', name, 'func.yaml'));
  return join(outDir, 'functions', 'main.js');
}
