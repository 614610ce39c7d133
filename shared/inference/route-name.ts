/**
 * The name of an AIMService's HTTPRoute.
 *
 * Upstream names it `derivedName([svc], hash(namespace))`, which is exactly the InferenceService
 * name whenever the namespace is short — and KServe, with its Gateway API integration on, creates
 * HTTPRoutes named `<isvc>` and `<isvc>-predictor` itself (knative-kserve.md §5). Two controllers
 * applying one route would fight over it. Every InferenceService name ends in the 8 hex characters
 * of its hash, so a route name ending in `-route` can equal neither KServe's names nor another
 * service's ISVC name: `<svc>-<hash8(namespace)>-route`, at most 63 characters.
 */
import { DNS_LABEL_MAX_LENGTH, generateDerivedName } from '../naming/derived-name.ts';
import type { ServiceRef } from '../naming/service-names.ts';

export const ROUTE_NAME_SUFFIX = '-route';

export function aimRouteName(svc: ServiceRef): string {
  const base = generateDerivedName([svc.name], [svc.namespace], {
    maxLen: DNS_LABEL_MAX_LENGTH - ROUTE_NAME_SUFFIX.length,
  });
  return `${base}${ROUTE_NAME_SUFFIX}`;
}
