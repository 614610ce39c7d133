import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A folder of ../shared (beside the clone: product documents, the upstream operator's recorded
 * state) that some tests read at run time. A clone alone has none: those tests are skipped with
 * one line saying what to set, unless `AIM_REQUIRE_SEEDS=1` (CI) makes the absence a failure.
 */
export interface SharedFolder {
  dir: string;
  available: boolean;
}

const REPO_PARENT = join(import.meta.dirname, '..', '..', '..');

export function sharedFolder(
  variable: string,
  relativeToShared: string,
  env: NodeJS.ProcessEnv = process.env,
): SharedFolder {
  const dir = env[variable] ?? join(REPO_PARENT, 'shared', relativeToShared);
  if (existsSync(dir)) return { dir, available: true };
  if (env.AIM_REQUIRE_SEEDS === '1')
    throw new Error(`${dir} is required (AIM_REQUIRE_SEEDS=1) but does not exist; set ${variable}`);
  return { dir, available: false };
}

/** The line a skipped test prints. */
export function skippedLine(test: string, folder: SharedFolder, variable: string, what: string): string {
  return `[${test}] skipped: no ${what} at ${folder.dir} (a clone alone has none; set ${variable})\n`;
}
