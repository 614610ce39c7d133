import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** The parts of the eventing/ manifests the local event path reads. */
export interface Destination {
  ref?: { apiVersion: string; kind: string; name: string; namespace?: string };
  uri?: string;
}

export interface DeliverySpec {
  retry?: number;
  backoffPolicy?: 'linear' | 'exponential';
  backoffDelay?: string;
  timeout?: string;
  deadLetterSink?: Destination;
}

export type SubscriptionsFilter =
  | { exact: Record<string, string> }
  | { prefix: Record<string, string> }
  | { suffix: Record<string, string> }
  | { all: SubscriptionsFilter[] }
  | { any: SubscriptionsFilter[] }
  | { not: SubscriptionsFilter };

export interface Trigger {
  metadata: { name: string; namespace?: string };
  spec: {
    broker: string;
    filter?: { attributes?: Record<string, string> };
    filters?: SubscriptionsFilter[];
    subscriber: Destination;
    delivery?: DeliverySpec;
  };
}

export interface ApiServerSource {
  metadata: { name: string; namespace?: string };
  spec: {
    mode?: 'Resource' | 'Reference';
    namespaceSelector?: Record<string, unknown>;
    /** Extension attributes added to every event of the source (Triggers route on them). */
    ceOverrides?: { extensions?: Record<string, string> };
    resources: {
      apiVersion: string;
      kind: string;
      selector?: {
        matchLabels?: Record<string, string>;
        matchExpressions?: { key: string; operator: string; values?: string[] }[];
      };
    }[];
    sink: Destination;
  };
}

export interface PingSource {
  metadata: { name: string; namespace?: string };
  spec: {
    schedule: string;
    timezone?: string;
    data?: string;
    contentType?: string;
    ceOverrides?: { extensions?: Record<string, string> };
    sink: Destination;
  };
}

export interface EventingManifests {
  triggers: Trigger[];
  apiServerSources: ApiServerSource[];
  pingSources: PingSource[];
}

export const EVENTING_DIR = join(import.meta.dirname, '..', '..', 'eventing');

/** Reads every YAML document under eventing/ (the same files a cluster install applies). */
export function loadEventingManifests(dir = EVENTING_DIR): EventingManifests {
  const result: EventingManifests = { triggers: [], apiServerSources: [], pingSources: [] };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')) {
    for (const doc of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message}`);
      const obj = doc.toJS() as { kind?: string } | null;
      if (!obj) continue;
      if (obj.kind === 'Trigger') result.triggers.push(obj as unknown as Trigger);
      else if (obj.kind === 'ApiServerSource')
        result.apiServerSources.push(obj as unknown as ApiServerSource);
      else if (obj.kind === 'PingSource') result.pingSources.push(obj as unknown as PingSource);
    }
  }
  return result;
}
