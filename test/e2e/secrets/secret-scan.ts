/**
 * Everything a run produced where a secret value must never show up: every log file of the
 * platform (functions, adapters, simulator, control plane), the broker's records, every
 * Kubernetes Event in every namespace, the status of every AIM object, and the specs of the
 * InferenceServices, Jobs and Pods the functions rendered. Each source is one named text, so a
 * finding says where the value leaked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalPlatform } from '../../../local/platform/local-platform.ts';
import { AIM_KIND_LIST } from '../../../shared/api/kinds.ts';
import type { GroupVersionKind, KubeClient } from '../../../shared/kube/types.ts';

const RENDERED: GroupVersionKind[] = [
  { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' },
  { apiVersion: 'batch/v1', kind: 'Job' },
  { apiVersion: 'v1', kind: 'Pod' },
];

/** The texts to scan, by source name. */
export async function producedTexts(platform: LocalPlatform): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const logDir = join(platform.controlPlane.dir, 'logs');
  for (const file of readdirSync(logDir)) texts.set(`log ${file}`, readFileSync(join(logDir, file), 'utf8'));
  const broker = platform.broker;
  if (broker) {
    texts.set('broker history', JSON.stringify(broker.history));
    texts.set('broker dead letters', JSON.stringify(broker.deadLetters));
    texts.set('broker failed attempts', JSON.stringify(broker.failedAttempts));
    texts.set('broker received', JSON.stringify(broker.received));
  }
  const { client } = platform;
  for (const gvk of [
    { apiVersion: 'v1', kind: 'Event' },
    { apiVersion: 'events.k8s.io/v1', kind: 'Event' },
  ]) {
    texts.set(`${gvk.apiVersion} Events`, JSON.stringify((await client.list(gvk)).items));
  }
  for (const gvk of AIM_KIND_LIST) {
    const items = (await client.list(gvk)).items;
    texts.set(`${gvk.kind} status`, JSON.stringify(items.map((o) => [o.metadata.name, o.status])));
  }
  for (const gvk of RENDERED) {
    const items = (await client.list(gvk)).items;
    texts.set(`${gvk.kind} spec`, JSON.stringify(items.map((o) => [o.metadata.name, o.spec])));
  }
  return texts;
}

/** `source: needle-label` for every needle found in any text. */
export function findNeedles(texts: Map<string, string>, needles: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [source, text] of texts) {
    for (const [label, needle] of Object.entries(needles)) {
      if (text.includes(needle)) found.push(`${source}: ${label}`);
    }
  }
  return found;
}

export async function listed(client: KubeClient, gvk: GroupVersionKind, namespace: string) {
  return (await client.list(gvk, { namespace })).items;
}
