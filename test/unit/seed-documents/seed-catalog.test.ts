import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fencedCodeBlocks } from '../../e2e/seed-documents/markdown-blocks.ts';
import { seedCatalog, seedsFolder } from '../../e2e/seed-documents/seed-examples.ts';

/* How the seed-documents e2e test reads a product document into objects to apply. */

const FENCE = '```';

const DOC = `# Services

${FENCE}yaml
apiVersion: aim.eai.amd.com/v1alpha1
kind: AIMService
metadata:
  name: svc
  namespace: team
spec:
  model:
    name: m
${FENCE}

Same name, another form:

${FENCE}yaml
apiVersion: aim.eai.amd.com/v1alpha1
kind: AIMService
metadata:
  name: svc
  namespace: team
spec:
  model:
    image: ghcr.io/a/b:1
${FENCE}

Add this to your service:

${FENCE}yaml
spec:
  caching: Always  # or Auto
${FENCE}

${FENCE}yaml
status:
  status: Running
${FENCE}

1. In a list:
   ${FENCE}bash
   kubectl get aimservice svc
   ${FENCE}

${FENCE}
AIMModel ──> AIMService
${FENCE}

${FENCE}yaml
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata:
  name: isvc
spec: {}
${FENCE}
`;

function catalogOf(markdown: string) {
  const dir = mkdtempSync(join(tmpdir(), 'seed-catalog-'));
  writeFileSync(join(dir, '000_doc.txt'), markdown);
  return seedCatalog(dir);
}

describe('fencedCodeBlocks', () => {
  it('finds fenced blocks with their language and line, indented ones included', () => {
    const blocks = fencedCodeBlocks(DOC);
    expect(blocks.map((block) => block.lang)).toEqual(['yaml', 'yaml', 'yaml', 'yaml', 'bash', '', 'yaml']);
    expect(blocks[0]?.line).toBe(3);
    expect(blocks[4]?.text).toBe('kubectl get aimservice svc');
  });
});

describe('seedCatalog', () => {
  const { examples, skipped } = catalogOf(DOC);

  it('applies objects as written, renaming a second example of the same object', () => {
    expect(examples.map((e) => [e.origin, e.object.kind, e.object.metadata.name])).toEqual([
      ['object', 'AIMService', 'svc'],
      ['object', 'AIMService', 'svc-l16'],
      ['snippet', 'AIMService', 'svc-snippet-1'],
      ['foreign', 'InferenceService', 'isvc'],
    ]);
    expect(examples[1]?.object.spec).toEqual({ model: { image: 'ghcr.io/a/b:1' } });
  });

  it("merges a spec snippet into the document's first object", () => {
    expect(examples[2]?.object.spec).toEqual({ model: { name: 'm' }, caching: 'Always' });
    expect(examples[2]?.object.metadata.namespace).toBe('team');
  });

  it('puts a namespaced object without a namespace in default, as kubectl does', () => {
    expect(examples[3]?.object.metadata.namespace).toBe('default');
  });

  it('skips status samples, shell blocks and diagrams, saying why', () => {
    expect(skipped.map((s) => s.reason)).toEqual([
      'no object: top-level status',
      'bash block',
      'not a YAML mapping (prose or diagram)',
    ]);
  });
});

describe('seedsFolder', () => {
  it('is not available for a clone with nothing beside it, and fails when CI requires the documents', () => {
    const missing = join(tmpdir(), 'aim-no-seeds-here');
    expect(seedsFolder({ AIM_SEEDS_DIR: missing })).toEqual({ dir: missing, available: false });
    expect(() => seedsFolder({ AIM_SEEDS_DIR: missing, AIM_REQUIRE_SEEDS: '1' })).toThrow(
      /AIM_REQUIRE_SEEDS=1/,
    );
    expect(seedsFolder({ AIM_SEEDS_DIR: tmpdir(), AIM_REQUIRE_SEEDS: '1' }).available).toBe(true);
  });
});
