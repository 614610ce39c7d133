/**
 * The kind words `explain` and `wait` accept (`service`, `aimsvc`, `AIMService`…), each mapped to
 * the kinds looked up in order: a model or template name is looked for in the namespace first,
 * then at cluster scope — the order service resolution uses.
 */
import { AIM_KINDS } from '../shared/api/kinds.ts';
import { UsageError } from './args.ts';

export interface KindChoice {
  /** What the user asked for, for messages. */
  word: string;
  /** Kinds tried in order; namespaced ones with the namespace. */
  kinds: readonly string[];
}

const FAMILIES: readonly { words: readonly string[]; kinds: readonly string[] }[] = [
  { words: ['service', 'services', 'svc'], kinds: ['AIMService'] },
  { words: ['model', 'models'], kinds: ['AIMModel', 'AIMClusterModel'] },
  { words: ['clustermodel'], kinds: ['AIMClusterModel'] },
  { words: ['template', 'templates', 'tpl'], kinds: ['AIMServiceTemplate', 'AIMClusterServiceTemplate'] },
  { words: ['clustertemplate'], kinds: ['AIMClusterServiceTemplate'] },
  { words: ['cache', 'caches', 'templatecache'], kinds: ['AIMTemplateCache'] },
  { words: ['artifact', 'artifacts'], kinds: ['AIMArtifact'] },
];

const CHAIN_KINDS = new Set([
  'AIMService',
  'AIMModel',
  'AIMClusterModel',
  'AIMServiceTemplate',
  'AIMClusterServiceTemplate',
  'AIMTemplateCache',
  'AIMArtifact',
]);

/** The kinds a word names: a family word, or a kind's name, plural or short name (any case). */
export function kindChoice(word: string): KindChoice {
  const lower = word.toLowerCase();
  const family = FAMILIES.find((f) => f.words.includes(lower));
  if (family) return { word, kinds: family.kinds };
  for (const definition of Object.values(AIM_KINDS)) {
    const names = [definition.kind, definition.plural, definition.singular, ...definition.shortNames];
    if (names.some((name) => name.toLowerCase() === lower) && CHAIN_KINDS.has(definition.kind))
      return { word, kinds: [definition.kind] };
  }
  throw new UsageError(`unknown kind "${word}" (service, model, template, cache, artifact)`);
}

export function isClusterScoped(kind: string): boolean {
  return AIM_KINDS[kind as keyof typeof AIM_KINDS]?.scope === 'Cluster';
}
