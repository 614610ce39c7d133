import { createHash } from 'node:crypto';
import { DNS_LABEL_MAX_LENGTH } from './derived-name.ts';

/** Discovery Job name (spec §8.4) and the discovery spec hash of the circuit breaker (spec §8.6). */

export interface DiscoveryJobNameInput {
  templateName: string;
  modelName: string;
  image: string;
  /** The model's service account, which the job runs as. */
  serviceAccountName?: string;
  /** The env the job gets from the template (namespaced templates only). */
  env?: readonly { name: string; value?: string }[];
  /** The model's pull secrets, which the job uses. */
  imagePullSecrets?: readonly { name?: string }[];
  metric?: string;
  precision?: string;
  /** Present iff the template has `hardware.gpu`. */
  gpu?: { model?: string; requests?: number };
  profileId?: string;
}

const PREFIX = 'discover-';
const HASH_LENGTH = 8;
/**
 * The spec gives 46 characters of template name, but `discover-` + 46 + `-` + 8 is 64 and the API
 * server rejects Job names over 63 (the name becomes the pods' `job-name` label value). 45 keeps
 * every discovery Job name valid.
 */
export const DISCOVERY_JOB_TEMPLATE_NAME_LENGTH = DNS_LABEL_MAX_LENGTH - PREFIX.length - 1 - HASH_LENGTH;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** `discover-<template name cut to 45>-<8 hex>` over everything that changes what the job runs. */
export function discoveryJobName(input: DiscoveryJobNameInput): string {
  let text = input.modelName + input.image + (input.serviceAccountName ?? '');
  for (const env of input.env ?? []) text += env.name + (env.value ?? '');
  for (const secret of input.imagePullSecrets ?? []) text += secret.name ?? '';
  text += (input.metric ?? '') + (input.precision ?? '');
  if (input.gpu) text += (input.gpu.model ?? '') + String(input.gpu.requests ?? 0);
  text += input.profileId ?? '';
  const template = input.templateName.slice(0, DISCOVERY_JOB_TEMPLATE_NAME_LENGTH);
  return `${PREFIX}${template}-${sha256Hex(text).slice(0, HASH_LENGTH)}`;
}

export interface DiscoverySpecHashInput {
  modelName: string;
  image: string;
  metric?: string;
  precision?: string;
  gpu?: { model?: string; requests?: number };
  profileId?: string;
}

const SPEC_HASH_LENGTH = 16;

/** 16 hex characters over what discovery depends on; a change resets the failure backoff. */
export function discoverySpecHash(input: DiscoverySpecHashInput): string {
  let text = input.modelName + input.image + (input.metric ?? '') + (input.precision ?? '');
  if (input.gpu) text += (input.gpu.model ?? '') + String(input.gpu.requests ?? 0);
  text += input.profileId ?? '';
  return sha256Hex(text).slice(0, SPEC_HASH_LENGTH);
}
