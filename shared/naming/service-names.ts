import { INFERENCE_SERVICE } from '../constants/kserve.ts';
import { DNS_LABEL_MAX_LENGTH, generateDerivedName } from './derived-name.ts';

/** Names of an AIMService's children (spec §14.2). */

export interface ServiceRef {
  name: string;
  namespace: string;
}

/** KServe builds DNS labels like `<isvc>-predictor-<namespace>`; `-predictor-` is 11 characters. */
const ISVC_RESERVED_LENGTH = 11;
const ISVC_MIN_NAME_LENGTH = 10;

export class InferenceServiceNameError extends Error {
  readonly namespace: string;
  readonly maxLength: number;

  constructor(namespace: string, maxLength: number) {
    super(
      `namespace too long: "${namespace}" (${namespace.length} characters) leaves ${maxLength} characters for the ` +
        `InferenceService name, at least ${ISVC_MIN_NAME_LENGTH} are needed`,
    );
    this.name = 'InferenceServiceNameError';
    this.namespace = namespace;
    this.maxLength = maxLength;
  }
}

/**
 * InferenceService name: `<svc>-<hash8(namespace)>` within `63 − 11 − len(namespace)` characters,
 * since KServe's `{name}-{namespace}` must stay a DNS label. Throws InferenceServiceNameError when
 * the namespace leaves fewer than 10 characters.
 */
export function isvcName(svc: ServiceRef): string {
  const maxLen = DNS_LABEL_MAX_LENGTH - ISVC_RESERVED_LENGTH - svc.namespace.length;
  if (maxLen < ISVC_MIN_NAME_LENGTH) throw new InferenceServiceNameError(svc.namespace, maxLen);
  return generateDerivedName([svc.name], [svc.namespace], { maxLen });
}

/** HTTPRoute name: like the ISVC name but with the plain 63-character bound. */
export function routeName(svc: ServiceRef): string {
  return generateDerivedName([svc.name], [svc.namespace]);
}

/** The Service KServe creates for the predictor: the HTTPRoute's backend. */
export function predictorServiceName(isvc: string): string {
  return `${isvc}${INFERENCE_SERVICE.predictorServiceSuffix}`;
}

/** The HPA KEDA creates for an autoscaled predictor. */
export function kedaHpaName(isvc: string): string {
  return `${INFERENCE_SERVICE.kedaHpaPrefix}${predictorServiceName(isvc)}`;
}

export type TemplateCacheMode = 'Shared' | 'Dedicated';

export interface TemplateCacheNameInput {
  templateName: string;
  namespace: string;
  serviceName: string;
  serviceUid: string;
  mode: TemplateCacheMode;
}

/**
 * A service's template cache: Shared caches are per template and namespace
 * (`<template>-<hash8(namespace)>`), Dedicated ones per service instance
 * (`<template>-<svc>-<hash8(uid)>`).
 */
export function templateCacheName(input: TemplateCacheNameInput): string {
  if (input.mode === 'Dedicated') {
    return generateDerivedName([input.templateName, input.serviceName], [input.serviceUid]);
  }
  return generateDerivedName([input.templateName], [input.namespace]);
}
