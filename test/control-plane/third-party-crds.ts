import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VERSIONS } from './assets.ts';

/**
 * Third-party CRDs are data of other projects: taken at test time from those projects' Go modules
 * (a module download includes their config/ YAML), pinned by version and kept in the Go module
 * cache outside the repository, never copied into it.
 */
export const THIRD_PARTY_CRDS = {
  inferenceServiceMinimal: {
    module: 'github.com/kserve/kserve',
    version: VERSIONS.kserve,
    path: 'config/crd/minimal/serving.kserve.io_inferenceservices.yaml',
  },
  inferenceServiceFull: {
    module: 'github.com/kserve/kserve',
    version: VERSIONS.kserve,
    path: 'config/crd/full/serving.kserve.io_inferenceservices.yaml',
  },
  httpRoute: {
    module: 'sigs.k8s.io/gateway-api',
    version: VERSIONS.gatewayApi,
    path: 'config/crd/standard/gateway.networking.k8s.io_httproutes.yaml',
  },
} as const;

export type ThirdPartyCrd = keyof typeof THIRD_PARTY_CRDS;

const moduleDirs = new Map<string, string>();

function moduleDir(module: string, version: string): string {
  const key = `${module}@${version}`;
  const cached = moduleDirs.get(key);
  if (cached) return cached;
  const out = execFileSync('go', ['mod', 'download', '-json', key], {
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const info = JSON.parse(out) as { Dir?: string; Error?: string };
  if (!info.Dir) throw new Error(`go mod download ${key} failed: ${info.Error ?? 'no Dir in output'}`);
  moduleDirs.set(key, info.Dir);
  return info.Dir;
}

/** The CRD YAML text of a pinned third-party project. */
export function thirdPartyCrdYaml(name: ThirdPartyCrd): string {
  const crd = THIRD_PARTY_CRDS[name];
  return readFileSync(join(moduleDir(crd.module, crd.version), crd.path), 'utf8');
}
