import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
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
  /** Every CRD KServe's manager watches in Standard mode (InferenceService, ServingRuntime, ...). */
  kserve: {
    module: 'github.com/kserve/kserve',
    version: VERSIONS.kserve,
    dir: 'config/crd/full',
  },
  /** The OpenTelemetry operator's collector: KServe makes one for a predictor scaled on OTel metrics. */
  openTelemetryCollector: {
    module: 'github.com/open-telemetry/opentelemetry-operator',
    version: VERSIONS.openTelemetryOperator,
    path: 'config/crd/bases/opentelemetry.io_opentelemetrycollectors.yaml',
  },
  /** KEDA's ScaledObject: what KServe creates for an autoscaled predictor. */
  kedaScaledObject: {
    module: 'github.com/kedacore/keda/v2',
    version: VERSIONS.keda,
    path: 'config/crd/bases/keda.sh_scaledobjects.yaml',
  },
  httpRoute: {
    module: 'sigs.k8s.io/gateway-api',
    version: VERSIONS.gatewayApi,
    path: 'config/crd/standard/gateway.networking.k8s.io_httproutes.yaml',
  },
  /** Knative Eventing's PingSource: the functions' wake-up calls live in the API server. */
  pingSource: {
    module: 'knative.dev/eventing',
    version: VERSIONS.knativeEventing,
    path: 'config/core/resources/pingsource.yaml',
  },
  /** The Prometheus operator's PodMonitor: what the Helm chart's prometheus.enable renders. */
  podMonitor: {
    module: 'github.com/prometheus-operator/prometheus-operator',
    version: VERSIONS.prometheusOperator,
    path: 'example/prometheus-operator-crd/monitoring.coreos.com_podmonitors.yaml',
  },
  /** Every CRD of Knative Serving (Service, Configuration, Revision, Route, ...). */
  knativeServing: {
    module: 'knative.dev/serving',
    version: VERSIONS.knativeServing,
    dir: 'config/core/300-resources',
  },
  /** Every CRD of Knative Eventing (Broker, Trigger, ApiServerSource, PingSource, ...). */
  knativeEventing: {
    module: 'knative.dev/eventing',
    version: VERSIONS.knativeEventing,
    dir: 'config/core/resources',
  },
} as const satisfies Record<
  string,
  { module: string; version: string } & ({ path: string } | { dir: string })
>;

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

/** The CRD documents of a directory's YAML files (other documents there are left out). */
function crdDocumentsOf(dir: string): string {
  const documents = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .flatMap((file) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')))
    .filter(
      (document) => (document.toJS() as { kind?: unknown } | null)?.kind === 'CustomResourceDefinition',
    );
  return documents.map((document) => document.toString({ lineWidth: 0 })).join('---\n');
}

/** Another file of the pinned KServe module (its shipped ConfigMap, its webhooks), read like its CRDs. */
export function kserveModuleFile(path: string): string {
  return readFileSync(join(moduleDir('github.com/kserve/kserve', VERSIONS.kserve), path), 'utf8');
}

/** The CRD YAML text of a pinned third-party project. */
export function thirdPartyCrdYaml(name: ThirdPartyCrd): string {
  const crd: { module: string; version: string; path?: string; dir?: string } = THIRD_PARTY_CRDS[name];
  const root = moduleDir(crd.module, crd.version);
  if (crd.dir !== undefined) return crdDocumentsOf(join(root, crd.dir));
  return readFileSync(join(root, crd.path ?? ''), 'utf8');
}
