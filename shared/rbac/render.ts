/**
 * Renders `manifests/rbac/` (`npm run gen:rbac`): one file per function from its declared
 * permissions, the event source's role from the ApiServerSources, the downloader's shared role,
 * and the kustomization listing them. A drift test keeps the committed files equal to this.
 */
import { Document, isMap, isNode, isSeq } from 'yaml';
import type { KubeObject } from '../kube/types.ts';
import type { FunctionPermissions } from './permission.ts';
import { functionRoleObjects } from './role-objects.ts';
import { artifactStatusUpdaterRole, eventSourceRbac, watchedKinds } from './shared-roles.ts';

export const RBAC_OUTPUT_DIR = 'manifests/rbac';

const HEADER = (source: string) =>
  `# Generated from ${source} by scripts/generate-rbac.ts. Do not edit: run \`npm run gen:rbac\`.\n`;

export interface RenderedFile {
  name: string;
  content: string;
}

export interface RbacInputs {
  functions: readonly FunctionPermissions[];
  /** The ApiServerSource objects of `eventing/`. */
  eventSources: readonly KubeObject[];
  /** The operator namespace the ServiceAccounts and Roles live in. */
  namespace: string;
}

/** One YAML document; each rule's lists in flow style (`verbs: [get, list]`), with its comment above it. */
function documentText(object: KubeObject, ruleComments: readonly string[] = []): string {
  const doc = new Document(object, { sortMapEntries: false });
  const rules = doc.get('rules', true);
  if (isSeq(rules)) {
    rules.items.forEach((rule, index) => {
      if (!isMap(rule)) return;
      for (const pair of rule.items) if (isSeq(pair.value)) pair.value.flow = true;
      const comment = ruleComments[index];
      if (comment !== undefined && isNode(rule)) rule.commentBefore = ` ${comment}`;
    });
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}

function joinDocuments(header: string, documents: readonly string[]): string {
  return `${header}${documents.join('---\n')}`;
}

function functionFile(declared: FunctionPermissions, namespace: string): RenderedFile {
  const { serviceAccount, roles } = functionRoleObjects(declared, namespace);
  const documents = [documentText(serviceAccount)];
  for (const { role, permissions, binding } of roles) {
    documents.push(
      documentText(
        role,
        permissions.map((permission) => permission.reason),
      ),
      documentText(binding),
    );
  }
  return {
    name: `${declared.function}.yaml`,
    content: joinDocuments(HEADER(`functions/${declared.function}/permissions.ts`), documents),
  };
}

export function renderRbacFiles(inputs: RbacInputs): RenderedFile[] {
  const files = [...inputs.functions]
    .sort((a, b) => a.function.localeCompare(b.function))
    .map((declared) => functionFile(declared, inputs.namespace));
  files.push({
    name: 'event-source.yaml',
    content: joinDocuments(
      HEADER('the resources of eventing/apiserversource.yaml'),
      eventSourceRbac(watchedKinds(inputs.eventSources), inputs.namespace).map((object) =>
        documentText(object),
      ),
    ),
  });
  files.push({
    name: 'artifact-status-updater.yaml',
    content: joinDocuments(HEADER('shared/rbac/shared-roles.ts'), [
      documentText(artifactStatusUpdaterRole()),
    ]),
  });
  const resources = files.map((file) => `  - ${file.name}`).join('\n');
  files.push({
    name: 'kustomization.yaml',
    content: `${HEADER('shared/rbac')}apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n${resources}\n`,
  });
  return files;
}
