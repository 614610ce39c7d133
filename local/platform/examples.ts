import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeClient } from '../../shared/kube/types.ts';
import { yamlObjects } from '../../shared/kube/yaml-objects.ts';

export const EXAMPLES_DIR = join(import.meta.dirname, '..', '..', 'examples');

/**
 * Applies every object of examples/ with server-side apply. Files go in name order, so the
 * namespace file (00-namespace.yaml) lands before what lives in it. Returns the object count.
 */
export async function applyExamples(client: KubeClient, fieldManager = 'aim-examples'): Promise<number> {
  let count = 0;
  for (const file of readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()) {
    for (const obj of yamlObjects(readFileSync(join(EXAMPLES_DIR, file), 'utf8'))) {
      await client.apply(obj, { fieldManager, force: true });
      count++;
    }
  }
  return count;
}
