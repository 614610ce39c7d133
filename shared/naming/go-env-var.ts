import type { GoStruct } from './go-json.ts';

/** The shape of corev1.EnvVar as it arrives from the API server (valueFrom loosely typed). */
export interface EnvVarInput {
  name: string;
  value?: string;
  valueFrom?: Readonly<Record<string, unknown>>;
}

type Loose = Readonly<Record<string, unknown>> | undefined;

function asObject(value: unknown): Loose {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** `json:",omitempty"` on a string. */
function textOmitEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `*bool` with omitempty: nil is omitted, an explicit false is kept. */
function optionalBool(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

function keySelector(ref: Loose): GoStruct | undefined {
  if (!ref) return undefined;
  return { name: textOmitEmpty(ref.name), key: text(ref.key), optional: optionalBool(ref.optional) };
}

/**
 * corev1.EnvVarSource in field declaration order. Every member is a pointer with omitempty, so
 * absent ones vanish; `divisor` is a struct-typed Quantity, which omitempty never drops ("0" when zero).
 */
function envVarSource(source: NonNullable<Loose>): GoStruct {
  const fieldRef = asObject(source.fieldRef);
  const resourceFieldRef = asObject(source.resourceFieldRef);
  const fileKeyRef = asObject(source.fileKeyRef);
  const divisor = resourceFieldRef?.divisor;
  return {
    fieldRef: fieldRef && {
      apiVersion: textOmitEmpty(fieldRef.apiVersion),
      fieldPath: text(fieldRef.fieldPath),
    },
    resourceFieldRef: resourceFieldRef && {
      containerName: textOmitEmpty(resourceFieldRef.containerName),
      resource: text(resourceFieldRef.resource),
      divisor: typeof divisor === 'string' || typeof divisor === 'number' ? String(divisor) : '0',
    },
    configMapKeyRef: keySelector(asObject(source.configMapKeyRef)),
    secretKeyRef: keySelector(asObject(source.secretKeyRef)),
    fileKeyRef: fileKeyRef && {
      volumeName: text(fileKeyRef.volumeName),
      path: text(fileKeyRef.path),
      key: text(fileKeyRef.key),
      optional: optionalBool(fileKeyRef.optional),
    },
  };
}

/** corev1.EnvVar as Go encodes it: `{"name":…,"value":…,"valueFrom":…}` with value/valueFrom omitempty. */
export function goEnvVar(env: EnvVarInput): GoStruct {
  const valueFrom = asObject(env.valueFrom);
  return {
    name: env.name,
    value: textOmitEmpty(env.value),
    valueFrom: valueFrom && envVarSource(valueFrom),
  };
}

/** A `[]corev1.EnvVar` hash input; an absent list is a nil slice (`null`). */
export function goEnvVarList(env: readonly EnvVarInput[] | undefined): GoStruct[] | null {
  return env ? env.map(goEnvVar) : null;
}
