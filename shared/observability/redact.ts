/**
 * Masks secrets in anything about to be logged. pino's own `redact` option only matches fixed
 * paths (a wildcard covers exactly one level), while Kubernetes objects nest secrets at any depth
 * (`spec.template.spec.containers[].env[].value`, a Secret's `data`, a docker config's `auths`),
 * so the logger runs every finished line (base, bindings, logged object, serialized error)
 * through `maskSecrets`.
 */
import { stdSerializers } from 'pino';

export const REDACTED = '[REDACTED]';

/**
 * Keys whose value is a secret wherever they appear. Anchored at the end of the key so that
 * `accessToken` / `HF_TOKEN` / `.dockerconfigjson` are masked but `maxTokens`, `tokenizer`,
 * `secretName` and `imagePullSecrets` (references, not secrets) are not.
 */
export const SECRET_KEY_PATTERN =
  /(password|passwd|passphrase|secret|token|authorization|cookie|credentials?|auths?|dockerconfigjson|dockercfg|(api|access|private|secret|signing|encryption)[-_]?key)$/i;

/** Names of environment variables whose `value` is masked (`{ name, value }` entries). */
export const SECRET_ENV_NAME_PATTERN = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|CREDENTIAL|AUTH/i;

/** Strings that carry credentials whatever key they sit under. */
const CREDENTIAL_STRING_PATTERN = /^\s*(bearer|basic)\s+\S/i;

const MAX_DEPTH = 12;

export function maskSecrets(value: unknown): unknown {
  return mask(value, 0, new WeakSet());
}

function mask(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return CREDENTIAL_STRING_PATTERN.test(value) ? REDACTED : value;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  seen.add(value);
  try {
    // Errors carry enumerable extras (response bodies, request options with headers), so they
    // are turned into plain objects first and then walked like everything else.
    if (value instanceof Error) return mask(stdSerializers.errWithCause(value), depth, seen);
    if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[binary ${value.byteLength} bytes]`;
    if (value instanceof Date) return value;
    if (Array.isArray(value)) return value.map((item) => mask(item, depth + 1, seen));
    return maskRecord(value as Record<string, unknown>, depth, seen);
  } finally {
    seen.delete(value);
  }
}

function maskRecord(record: Record<string, unknown>, depth: number, seen: WeakSet<object>): unknown {
  const isSecretObject = record.kind === 'Secret';
  const isSecretEnvEntry =
    typeof record.name === 'string' && 'value' in record && SECRET_ENV_NAME_PATTERN.test(record.name);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    if (SECRET_KEY_PATTERN.test(key)) out[key] = REDACTED;
    else if (isSecretEnvEntry && key === 'value') out[key] = REDACTED;
    else if (isSecretObject && (key === 'data' || key === 'stringData')) out[key] = maskAllValues(item);
    else out[key] = mask(item, depth + 1, seen);
  }
  return out;
}

/** A Secret's data keeps its key names (useful when debugging) but never its values. */
function maskAllValues(data: unknown): unknown {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return REDACTED;
  return Object.fromEntries(Object.keys(data).map((key) => [key, REDACTED]));
}
