/**
 * The runtime edits applied at load time for runs from source (scripts/runtime-edits-hook.ts):
 * a Node process that registers the hook loads faas-js-runtime's modules edited, one that does
 * not loads them as published.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Whether faas-js-runtime's event handler, as a fresh Node process loads it, carries the parse-once edit. */
function loadsEdited(register: boolean): boolean {
  const script = [
    register
      ? `const { registerRuntimeEdits } = await import(${JSON.stringify(join(ROOT, 'scripts', 'runtime-edits-hook.ts'))}); registerRuntimeEdits();`
      : '',
    `const { createRequire } = await import('node:module');`,
    `const require = createRequire(${JSON.stringify(join(ROOT, 'package.json'))});`,
    `process.stdout.write(String(String(require('faas-js-runtime/lib/event-handler.js')).includes('aimCloudEvent')));`,
  ].join('\n');
  return (
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }) === 'true'
  );
}

describe('the runtime edits for runs from source', () => {
  it('edit faas-js-runtime as Node loads it once the hook is registered', () => {
    expect(loadsEdited(false)).toBe(false);
    expect(loadsEdited(true)).toBe(true);
  });
});
