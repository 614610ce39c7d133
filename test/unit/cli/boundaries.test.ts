import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? tsFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('the kubectl plugin is product code', () => {
  it('imports nothing from local/ (the demo platform) or test/', () => {
    const offending = tsFiles(join(ROOT, 'cli')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)]
        .map((match) => match[1]!)
        .filter((path) => /(^|\/)(local|test)\//.test(path))
        .map((path) => `${relative(ROOT, file)} → ${path}`),
    );
    expect(offending).toEqual([]);
  });
});
