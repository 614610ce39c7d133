#!/usr/bin/env node
/**
 * The `kubectl-aim` executable (npm bin; `kubectl aim …` once it is on the PATH). The plugin is
 * TypeScript run directly by Node ≥ 24 (type stripping), like every npm script of this repo: on
 * such a Node it is imported in-process, otherwise it runs on the Node 24 the repo pins as a dev
 * dependency (node_modules/node), whatever `node` the PATH offers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'cli', 'kubectl-aim.ts');

function pinnedNode() {
  try {
    const pkg = createRequire(import.meta.url).resolve('node/package.json');
    const binary = join(dirname(pkg), 'bin', 'node');
    if (existsSync(binary)) return binary;
  } catch {
    // not installed: fall through to the repo's own node_modules
  }
  const local = join(root, 'node_modules', 'node', 'bin', 'node');
  return existsSync(local) ? local : undefined;
}

if (Number(process.versions.node.split('.')[0]) >= 24) {
  await import(pathToFileURL(entry).href);
} else {
  const node = pinnedNode();
  if (node === undefined) {
    process.stderr.write(
      'kubectl-aim needs Node.js 24 or newer: run `npm ci` in the repository (it pins Node 24)\n',
    );
    process.exit(1);
  }
  const result = spawnSync(node, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
