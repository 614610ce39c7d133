import type { CloudEvent } from 'cloudevents';
import type { SubscriptionsFilter, Trigger } from './manifests.ts';

/** CloudEvent attributes and extensions by lower-case name, as Knative's filters see them. */
export type EventAttributes = Record<string, string | undefined>;

/** What the filters match an event on: its attributes and extensions (the data aside). */
export function attributesOf(event: CloudEvent<unknown>): EventAttributes {
  const attrs: EventAttributes = {};
  for (const [k, v] of Object.entries(event)) {
    if (k === 'data' || k === 'data_base64') continue;
    if (v === undefined || v === null) continue;
    attrs[k.toLowerCase()] = typeof v === 'string' ? v : String(v);
  }
  return attrs;
}

/** Knative's Subscriptions API filter dialects (exact/prefix/suffix/all/any/not); CESQL is not used here. */
export function matchesFilter(filter: SubscriptionsFilter, attrs: EventAttributes): boolean {
  if ('exact' in filter) return Object.entries(filter.exact).every(([k, v]) => attrs[k] === v);
  if ('prefix' in filter)
    return Object.entries(filter.prefix).every(([k, v]) => attrs[k]?.startsWith(v) ?? false);
  if ('suffix' in filter)
    return Object.entries(filter.suffix).every(([k, v]) => attrs[k]?.endsWith(v) ?? false);
  if ('all' in filter) return filter.all.every((f) => matchesFilter(f, attrs));
  if ('any' in filter) return filter.any.some((f) => matchesFilter(f, attrs));
  if ('not' in filter) return !matchesFilter(filter.not, attrs);
  throw new Error(`unsupported filter dialect: ${JSON.stringify(filter)}`);
}

/** `filters` wins over the legacy `filter.attributes` when both are set, as in Knative. */
export function triggerMatches(trigger: Trigger, attrs: EventAttributes): boolean {
  const { filters, filter } = trigger.spec;
  if (filters && filters.length > 0) return filters.every((f) => matchesFilter(f, attrs));
  const legacy = filter?.attributes ?? {};
  return Object.entries(legacy).every(([k, v]) => v === '' || attrs[k] === v);
}
