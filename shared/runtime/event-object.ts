import type { ApiServerEvent } from '../events/apiserver-event.ts';
import type { KubeObject } from '../kube/types.ts';

/** The event's object (Resource mode) when it looks like one, for selector checks. */
export function objectOf(event: ApiServerEvent): KubeObject | undefined {
  const object = event.object as Partial<KubeObject> | undefined;
  return typeof object?.metadata === 'object' && object.metadata !== null
    ? (object as KubeObject)
    : undefined;
}

/** The resourceVersion of the event's object (Resource mode), undefined when it has none. */
export function resourceVersionOf(event: ApiServerEvent): string | undefined {
  const resourceVersion: unknown = objectOf(event)?.metadata.resourceVersion;
  return typeof resourceVersion === 'string' ? resourceVersion : undefined;
}
