import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Versions of everything the local control plane is built from. One place to bump them. */
export const VERSIONS = {
  kubernetes: '1.36.3',
  knativeEventing: 'v0.49.2',
  /** Serving's release beside eventing v0.49.2; the module proxy does not serve serving v0.49.2. */
  knativeServing: 'v0.49.1',
  kserve: 'v0.20.0',
  /** The KEDA KServe v0.20.0 requires (its ScaledObject CRD). */
  keda: 'v2.18.0',
  /** The OpenTelemetry operator KServe v0.20.0 requires (its OpenTelemetryCollector CRD). */
  openTelemetryOperator: 'v0.113.0',
  gatewayApi: 'v1.6.1',
  /** Helm for the chart's tests; build-binaries.sh builds it from local/control-plane/go-helm. */
  helm: 'v3.22.0',
  /** The only release of its main module the proxy serves; its PodMonitor CRD for the chart's tests. */
  prometheusOperator: 'v0.85.0',
} as const;

export type Binary =
  | 'etcd'
  | 'kube-apiserver'
  | 'kube-controller-manager'
  | 'kubectl'
  | 'apiserver_receive_adapter'
  | 'kserve-manager'
  | 'helm';
const BINARIES: readonly Binary[] = [
  'etcd',
  'kube-apiserver',
  'kube-controller-manager',
  // Built like the rest, never taken from the machine's PATH: CI machines have no kubectl.
  'kubectl',
  'apiserver_receive_adapter',
  'kserve-manager',
  'helm',
];

/** The envtest convention: TEST_ASSET_KUBE_APISERVER etc. */
function testAssetEnvName(binary: Binary): string {
  return `TEST_ASSET_${binary.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function goVersion(): string {
  return execFileSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' }).trim();
}

/** Where build-binaries.sh caches the binaries: outside the repository, keyed by k8s and Go version. */
export function cacheAssetsDir(): string {
  const base = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return join(base, 'aim-engine', 'envtest', 'k8s', `${VERSIONS.kubernetes}-linux-amd64-${goVersion()}`);
}

/**
 * Resolves each binary: TEST_ASSET_<NAME>, then $KUBEBUILDER_ASSETS/<name>, then the project's
 * cache. Missing ones are reported, not built: building is `ensureBinaries`' job.
 */
export function findBinaries(): { found: Partial<Record<Binary, string>>; missing: Binary[] } {
  const found: Partial<Record<Binary, string>> = {};
  const missing: Binary[] = [];
  let cache: string | undefined;
  for (const binary of BINARIES) {
    const fromEnv = process.env[testAssetEnvName(binary)];
    const fromAssets = process.env.KUBEBUILDER_ASSETS
      ? join(process.env.KUBEBUILDER_ASSETS, binary)
      : undefined;
    cache ??= cacheAssetsDir();
    const candidates = [fromEnv, fromAssets, join(cache, binary)].filter((p): p is string => !!p);
    const path = candidates.find((p) => existsSync(p));
    if (path) found[binary] = path;
    else missing.push(binary);
  }
  return { found, missing };
}

/** Builds whatever is missing (minutes on a cold machine; seconds when cached), then resolves. */
export function ensureBinaries(): Record<Binary, string> {
  let { found, missing } = findBinaries();
  if (missing.length > 0) {
    process.stderr.write(
      `[control-plane] building ${missing.join(', ')} from the Go module proxy; ` +
        'the first build takes about 15-25 minutes on 2 cores, later runs reuse the cache\n',
    );
    const script = join(import.meta.dirname, 'build-binaries.sh');
    const result = spawnSync('bash', [script], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.status !== 0) throw new Error(`build-binaries.sh failed with exit code ${result.status}`);
    ({ found, missing } = findBinaries());
    if (missing.length > 0) throw new Error(`binaries still missing after build: ${missing.join(', ')}`);
  }
  return found as Record<Binary, string>;
}
