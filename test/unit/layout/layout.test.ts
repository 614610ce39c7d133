import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder layout is the architecture: the product (functions/, shared/) stands alone, the
 * embedded development platform lives in local/, test/ holds tests and their helpers only, and
 * product files stay small enough to read as one idea.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  const absolute = join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(dir, entry))
    .filter((file) => file.endsWith('.ts') && statSync(join(ROOT, file)).isFile());
}

/** Relative import specifiers of a module, resolved to repository paths. */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (m) => m[1]!,
  );
  return specifiers.map((specifier) => relative(ROOT, resolve(ROOT, dirname(file), specifier)));
}

describe('repository layout', () => {
  it('the product never imports the local platform, the tests or the scripts', () => {
    const offending = [...sourceFiles('functions'), ...sourceFiles('shared')].flatMap((file) =>
      relativeImports(file)
        .filter((target) => /^(local|test|scripts)\//.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('the local platform does not import the tests', () => {
    const offending = sourceFiles('local').flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith('test/'))
        .map((target) => `${file} → ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it('test/ holds no platform folder', () => {
    for (const folder of ['control-plane', 'local-eventing', 'simulator', 'platform']) {
      expect(existsSync(join(ROOT, 'test', folder)), `test/${folder}`).toBe(false);
    }
  });

  it(`no product file is over ${MAX_LINES} lines`, () => {
    const long = ['functions', 'shared', 'local', 'scripts']
      .flatMap(sourceFiles)
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
