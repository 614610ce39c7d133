import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** docs/install.md describes the manifests as they are: paths, overlays and ConfigMap keys. */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const doc = readFileSync(join(ROOT, 'docs', 'install.md'), 'utf8');

describe('docs/install.md', () => {
  it('names only paths that exist', () => {
    const paths = [...doc.matchAll(/`((?:manifests|eventing|functions|examples)\/[^`\s]*)`/g)].map(
      (match) => match[1] ?? '',
    );
    expect(paths.length).toBeGreaterThan(10);
    const missing = paths
      .map((path) => path.replace(/<name>|<function>/g, 'isvc-render').replace(/\/$/, ''))
      .filter((path) => !path.includes('*') && !existsSync(join(ROOT, path)));
    expect(missing).toEqual([]);
  });

  it('documents every overlay and every key of the ConfigMap', () => {
    for (const overlay of ['warm', 'dev']) expect(doc).toContain(`manifests/overlays/${overlay}/`);
    const config = parse(readFileSync(join(ROOT, 'manifests', 'base', 'config.yaml'), 'utf8')) as {
      data: Record<string, string>;
    };
    for (const [key, value] of Object.entries(config.data))
      expect(doc).toContain(`| \`${key}\` | \`${value}\` |`);
  });

  it('documents every top-level value of the Helm chart', () => {
    const values = parse(readFileSync(join(ROOT, 'charts', 'aim-engine', 'values.yaml'), 'utf8')) as object;
    for (const key of Object.keys(values)) expect(doc).toMatch(new RegExp(`\\| \`${key}[.\`]`));
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('(docs/install.md)');
  });
});
