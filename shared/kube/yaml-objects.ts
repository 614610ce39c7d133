import { parseAllDocuments } from 'yaml';
import type { KubeObject } from './types.ts';

/** The Kubernetes objects of a multi-document YAML text (empty documents and non-objects skipped). */
export function yamlObjects(text: string): KubeObject[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as KubeObject | null)
    .filter((o): o is KubeObject => !!o && typeof o === 'object' && 'kind' in o);
}
