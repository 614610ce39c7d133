/**
 * Turns the product documents (../shared/seeds, the contract for users) into the objects a user
 * would apply, block by block, without copying any of them into the tests:
 *
 * - a YAML block holding objects (apiVersion + kind) is applied as written;
 * - a YAML block holding only `spec:` (a snippet the text tells the user to add) is merged into
 *   the document's first object, as a user would, and applied under a name of its own;
 * - a YAML block holding only `status:` shows what the functions write: nothing to apply;
 * - shell, Dockerfile and diagram blocks are skipped.
 *
 * Objects outside the AIM group and the core API are "foreign" (e.g. KServe's own examples): the
 * test checks that the API server accepts them (server-side dry run) but nothing acts on them.
 * An object whose kind, namespace and name an earlier block already used is an alternative form
 * of the same example and gets its block's line as a suffix (`-l<line>`), so both can be checked side by side.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { AIM_GROUP } from '../../../shared/api/group.ts';
import { aimKind } from '../../../shared/api/kinds.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { type SharedFolder, sharedFolder } from '../../support/shared-folder.ts';
import { fencedCodeBlocks } from './markdown-blocks.ts';

export const SEEDS_VARIABLE = 'AIM_SEEDS_DIR';

const NOT_YAML_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'dockerfile', 'go', 'json', 'text']);

export type ExampleOrigin = 'object' | 'snippet' | 'foreign';

export interface SeedExample {
  /** `<document>:<line>` of the block, and the object's position within it. */
  id: string;
  document: string;
  line: number;
  origin: ExampleOrigin;
  /** What the document wrote (a snippet: merged into its document's first object). */
  object: KubeObject;
}

export interface SkippedBlock {
  id: string;
  reason: string;
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `over` merged into `base`: objects field by field, everything else replaced. */
export function mergeSnippet(base: unknown, over: unknown): unknown {
  if (!isPlain(base) || !isPlain(over)) return structuredClone(over);
  const merged: Plain = structuredClone(base);
  for (const [key, value] of Object.entries(over)) merged[key] = mergeSnippet(merged[key], value);
  return merged;
}

function isKubeObject(value: unknown): value is KubeObject {
  return isPlain(value) && typeof value.apiVersion === 'string' && typeof value.kind === 'string';
}

/** AIM kinds and the core API (`v1`) are applied; other groups are only dry-run. */
export function isAppliedGroup(apiVersion: string): boolean {
  return !apiVersion.includes('/') || apiVersion.startsWith(`${AIM_GROUP}/`);
}

const CLUSTER_SCOPED_FOREIGN_KINDS = new Set([
  'Namespace',
  'Node',
  'PersistentVolume',
  'StorageClass',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
]);

/** Whether the object lives in a namespace: `kubectl apply` puts such an object in `default`. */
function isNamespaced(object: KubeObject): boolean {
  const aim = aimKind(object.kind);
  if (aim !== undefined && object.apiVersion.startsWith(`${AIM_GROUP}/`)) return aim.scope === 'Namespaced';
  return !CLUSTER_SCOPED_FOREIGN_KINDS.has(object.kind);
}

function yamlValues(text: string): unknown[] | undefined {
  try {
    const documents = parseAllDocuments(text);
    if (!Array.isArray(documents) || documents.some((doc) => doc.errors.length > 0)) return undefined;
    return documents.map((doc) => doc.toJS()).filter((value) => value !== null && value !== undefined);
  } catch {
    return undefined;
  }
}

export interface SeedCatalog {
  examples: SeedExample[];
  skipped: SkippedBlock[];
}

/**
 * The product documents, if they are there to test. A clone of the repository alone has none (they
 * sit beside it, in ../shared): their test is skipped then, saying so. CI sets `AIM_REQUIRE_SEEDS=1`,
 * which makes their absence a failure instead.
 */
export function seedsFolder(env = process.env): SharedFolder {
  return sharedFolder(SEEDS_VARIABLE, 'seeds', env);
}

export function seedCatalog(dir: string): SeedCatalog {
  const examples: SeedExample[] = [];
  const skipped: SkippedBlock[] = [];
  const taken = new Set<string>();
  const files = readdirSync(dir)
    .filter((file) => !file.startsWith('.'))
    .sort();
  for (const file of files) {
    const document = basename(file);
    let first: KubeObject | undefined;
    let snippetCount = 0;
    for (const block of fencedCodeBlocks(readFileSync(join(dir, file), 'utf8'))) {
      const id = `${document}:${block.line}`;
      if (NOT_YAML_LANGS.has(block.lang)) {
        skipped.push({ id, reason: `${block.lang} block` });
        continue;
      }
      const values = yamlValues(block.text);
      if (values === undefined || values.length === 0 || !values.every(isPlain)) {
        skipped.push({ id, reason: 'not a YAML mapping (prose or diagram)' });
        continue;
      }
      values.forEach((value, position) => {
        const at = values.length > 1 ? `${id}#${position}` : id;
        let object: KubeObject;
        let origin: ExampleOrigin;
        if (isKubeObject(value)) {
          object = value;
          first ??= value;
          origin = isAppliedGroup(value.apiVersion) ? 'object' : 'foreign';
        } else if (
          Object.keys(value).every((key) => key === 'spec' || key === 'metadata') &&
          'spec' in value
        ) {
          if (first === undefined)
            throw new Error(`${at}: a spec snippet before any object it could belong to`);
          snippetCount++;
          object = mergeSnippet(first, value) as KubeObject;
          object.metadata = { ...object.metadata, name: `${first.metadata.name}-snippet-${snippetCount}` };
          origin = 'snippet';
        } else {
          skipped.push({ id: at, reason: `no object: top-level ${Object.keys(value).join(', ')}` });
          return;
        }
        if (object.metadata?.namespace === undefined && isNamespaced(object)) {
          object.metadata = { ...object.metadata, namespace: 'default' };
        }
        const key = `${object.kind}/${object.metadata?.namespace ?? ''}/${object.metadata?.name}`;
        if (taken.has(key))
          object.metadata = { ...object.metadata, name: `${object.metadata.name}-l${block.line}` };
        taken.add(`${object.kind}/${object.metadata?.namespace ?? ''}/${object.metadata?.name}`);
        examples.push({ id: at, document, line: block.line, origin, object });
      });
    }
  }
  return { examples, skipped };
}
