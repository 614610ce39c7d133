import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { http, https } from '../../../shared/runtime/node-http.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function productFiles(): string[] {
  return ['functions', 'shared'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((entry) => entry.endsWith('.ts'))
      .map((entry) => join(dir, entry)),
  );
}

describe('node-http', () => {
  it('hands out the builtin modules themselves', async () => {
    expect(http.createServer).toBe((await import('node:http')).createServer);
    expect(https.Agent).toBe((await import('node:https')).Agent);
  });

  // An ESM value import of node:http loads undici through the module facade (docs/performance.md):
  // the product takes http and https from shared/runtime/node-http.ts; type imports cost nothing.
  it('no product file imports node:http or node:https as an ES module value', () => {
    const offending = productFiles().filter((file) =>
      /^import\s+(?!type\b)[^;]*from\s+'node:https?'/m.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});
