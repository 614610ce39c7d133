import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_FILES_DIR } from '../../../scripts/write-generated.ts';

/**
 * The Helm chart renders the CRDs, the RBAC and the event plumbing from copies of the files the
 * kustomize install uses (charts/aim-engine/files/). The copies must be the same bytes: the
 * generators write both, and a hand edit of either side fails here.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const yamlFiles = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith('.yaml') && name !== 'kustomization.yaml')
    .sort();

describe.each([
  { copy: 'crds', source: 'manifests/crds', fix: 'npm run gen:crds' },
  { copy: 'rbac', source: 'manifests/rbac', fix: 'npm run gen:rbac' },
  { copy: 'eventing', source: 'eventing', fix: 'npm run gen:chart' },
])('the chart’s copy of $source', ({ copy, source, fix }) => {
  const copyDir = `${CHART_FILES_DIR}/${copy}`;

  it('has the same files', () => {
    expect(yamlFiles(copyDir), `run \`${fix}\``).toEqual(yamlFiles(source));
  });

  it.each(yamlFiles(source))('%s is the same bytes', (name) => {
    const same =
      readFileSync(join(ROOT, copyDir, name), 'utf8') === readFileSync(join(ROOT, source, name), 'utf8');
    expect(same, `${copyDir}/${name} differs from ${source}/${name}: run \`${fix}\``).toBe(true);
  });
});
