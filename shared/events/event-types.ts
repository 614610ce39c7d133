/**
 * CloudEvent types the functions receive: ApiServerSource in Resource and Reference mode
 * (knative/eventing `pkg/apis/sources/constants.go`) and the PingSource tick that drives resync.
 */

export type ApiServerAction = 'add' | 'update' | 'delete';
export type ApiServerMode = 'resource' | 'reference';

export const API_SERVER_EVENT_TYPES: Readonly<
  Record<string, { readonly mode: ApiServerMode; readonly action: ApiServerAction }>
> = {
  'dev.knative.apiserver.resource.add': { mode: 'resource', action: 'add' },
  'dev.knative.apiserver.resource.update': { mode: 'resource', action: 'update' },
  'dev.knative.apiserver.resource.delete': { mode: 'resource', action: 'delete' },
  'dev.knative.apiserver.ref.add': { mode: 'reference', action: 'add' },
  'dev.knative.apiserver.ref.update': { mode: 'reference', action: 'update' },
  'dev.knative.apiserver.ref.delete': { mode: 'reference', action: 'delete' },
};

/** PingSource (`sources.knative.dev/v1`) emits this type on its schedule. */
export const PING_EVENT_TYPE = 'dev.knative.sources.ping';

export function describeAcceptedTypes(): string {
  return `dev.knative.apiserver.{resource,ref}.{add,update,delete}, ${PING_EVENT_TYPE} or com.amd.aim.keepalive`;
}
