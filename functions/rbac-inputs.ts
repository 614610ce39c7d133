/**
 * What manifests/rbac is generated from: the functions' declared permissions and the
 * ApiServerSources of eventing/ (whose ServiceAccount needs to watch what they watch).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { DEFAULT_OPERATOR_NAMESPACE } from '../shared/constants/limits.ts';
import type { KubeObject } from '../shared/kube/types.ts';
import type { RbacInputs } from '../shared/rbac/render.ts';
import { FUNCTION_PERMISSIONS } from './permissions.ts';

export const EVENT_SOURCES_FILE = 'eventing/apiserversource.yaml';

export function rbacInputs(root: string): RbacInputs {
  const text = readFileSync(join(root, EVENT_SOURCES_FILE), 'utf8');
  const eventSources = parseAllDocuments(text)
    .map((document) => document.toJS() as KubeObject | null)
    .filter((object): object is KubeObject => object?.kind === 'ApiServerSource');
  return { functions: FUNCTION_PERMISSIONS, eventSources, namespace: DEFAULT_OPERATOR_NAMESPACE };
}
