import { readFileSync } from 'node:fs';
import { ENV } from './env.ts';
import { DEFAULT_OPERATOR_NAMESPACE } from './limits.ts';

/** Where Kubernetes mounts the pod's own namespace. */
export const SERVICE_ACCOUNT_NAMESPACE_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';

export interface OperatorNamespaceSources {
  env: Readonly<Record<string, string | undefined>>;
  /** Returns the file's text, or undefined when it cannot be read. */
  readNamespaceFile: () => string | undefined;
}

/** `AIM_SYSTEM_NAMESPACE`, else the service-account namespace file, else `aim-system`. */
export function resolveOperatorNamespace(sources: OperatorNamespaceSources): string {
  const fromEnv = sources.env[ENV.systemNamespace]?.trim();
  if (fromEnv) return fromEnv;
  const fromFile = sources.readNamespaceFile()?.trim();
  if (fromFile) return fromFile;
  return DEFAULT_OPERATOR_NAMESPACE;
}

function readServiceAccountNamespace(): string | undefined {
  try {
    return readFileSync(SERVICE_ACCOUNT_NAMESPACE_FILE, 'utf8');
  } catch {
    return undefined;
  }
}

let cached: string | undefined;

/** The namespace the operator runs in; resolved once per process, as upstream does. */
export function operatorNamespace(): string {
  cached ??= resolveOperatorNamespace({ env: process.env, readNamespaceFile: readServiceAccountNamespace });
  return cached;
}
