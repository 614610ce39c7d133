import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Binary, ensureBinaries } from './assets.ts';
import { httpsStatus, httpsText } from './https-probe.ts';
import { freeLoopbackPorts } from './ports.ts';
import { type ManagedProcess, startProcess, waitFor } from './processes.ts';

export interface ControlPlane {
  /** https://127.0.0.1:<port> */
  readonly server: string;
  /** Admin (system:masters) kubeconfig on disk. */
  readonly kubeconfigPath: string;
  readonly adminToken: string;
  /** PEM of the API server's serving CA (self-signed by kube-apiserver). */
  readonly caPem: string;
  readonly dir: string;
  readonly binaries: Record<Binary, string>;
  /** Fault injection on the API server (etcd and its data stay). */
  readonly apiServer: ApiServerFaults;
  stop(): Promise<void>;
}

export interface ApiServerFaults {
  /** SIGSTOP: connections stay open but nothing answers, as with a hung or overloaded server. */
  pause(): void;
  resume(): void;
  /**
   * Stops the API server (every watch and connection breaks) and starts it again on the same
   * etcd, port and certificates; resolves when /readyz answers. `downMs` keeps it down that long.
   */
  restart(options?: { downMs?: number }): Promise<void>;
}

export interface ControlPlaneOptions {
  /** Working directory for data, certs, logs and kubeconfig; wiped at start. */
  dir: string;
  /** Also run kube-controller-manager (Jobs, GC, namespace deletion, TTL, Deployments). Default true. */
  controllerManager?: boolean;
  /** Extra static-token users: `token,user,uid,"group1,group2"` lines. */
  extraTokenLines?: string[];
  startTimeoutMs?: number;
  /**
   * Runs once the API server answers, before kube-controller-manager starts. CRDs installed here
   * are in the garbage collector's first discovery: installed later, it learns them only on its
   * next 30 s resync, and until then owner references to those kinds are not collected (and the
   * catch-up GETs every owner at once).
   */
  beforeControllerManager?: (access: { kubeconfigPath: string; etcdUrl: string }) => Promise<unknown>;
}

/**
 * Starts etcd → kube-apiserver → kube-controller-manager on loopback, the way envtest does, with
 * RBAC on and a static admin token. Everything binds 127.0.0.1 only.
 */
export async function startControlPlane(options: ControlPlaneOptions): Promise<ControlPlane> {
  const binaries = ensureBinaries();
  const dir = options.dir;
  rmSync(dir, { recursive: true, force: true });
  for (const sub of ['etcd', 'pki', 'logs']) mkdirSync(join(dir, sub), { recursive: true });
  const timeoutMs = options.startTimeoutMs ?? 90_000;
  const started: Pick<ManagedProcess, 'stop'>[] = [];
  const stopAll = async () => {
    for (const p of started.reverse()) await p.stop();
  };

  try {
    const [etcdPort, etcdPeerPort, apiPort] = await freeLoopbackPorts(3);
    const etcdUrl = `http://127.0.0.1:${etcdPort}`;
    const etcd = startProcess(
      'etcd',
      binaries.etcd,
      [
        `--data-dir=${join(dir, 'etcd')}`,
        `--listen-client-urls=${etcdUrl}`,
        `--advertise-client-urls=${etcdUrl}`,
        `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
        `--initial-cluster=default=http://127.0.0.1:${etcdPeerPort}`,
        '--unsafe-no-fsync=true',
        '--quota-backend-bytes=4294967296',
      ],
      { logFile: join(dir, 'logs', 'etcd.log') },
    );
    started.push(etcd);
    await waitFor('etcd health', async () => (await fetch(`${etcdUrl}/health`)).ok, {
      timeoutMs,
      process: etcd,
    });

    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(join(dir, 'pki', 'sa.pub'), publicKey);
    writeFileSync(join(dir, 'pki', 'sa.key'), privateKey, { mode: 0o600 });
    const adminToken = randomBytes(24).toString('hex');
    const tokenLines = [`${adminToken},admin,admin-uid,"system:masters"`, ...(options.extraTokenLines ?? [])];
    writeFileSync(join(dir, 'pki', 'tokens.csv'), `${tokenLines.join('\n')}\n`, { mode: 0o600 });

    const server = `https://127.0.0.1:${apiPort}`;
    const apiserverArgs = [
      `--etcd-servers=${etcdUrl}`,
      '--bind-address=127.0.0.1',
      '--advertise-address=127.0.0.1',
      `--secure-port=${apiPort}`,
      `--cert-dir=${join(dir, 'pki')}`,
      // KServe makes a Service per predictor: room for tens of thousands (a /24 ran out at 254).
      '--service-cluster-ip-range=10.0.0.0/16',
      `--service-account-issuer=${server}`,
      `--service-account-key-file=${join(dir, 'pki', 'sa.pub')}`,
      `--service-account-signing-key-file=${join(dir, 'pki', 'sa.key')}`,
      `--token-auth-file=${join(dir, 'pki', 'tokens.csv')}`,
      '--authorization-mode=RBAC',
      '--disable-admission-plugins=ServiceAccount',
      '--allow-privileged=true',
      '--endpoint-reconciler-type=none',
    ];
    // The certificate it generated on first start stays in cert-dir, so a restart serves the same CA.
    const launchApiServer = () =>
      startProcess('kube-apiserver', binaries['kube-apiserver'], apiserverArgs, {
        logFile: join(dir, 'logs', 'kube-apiserver.log'),
      });
    let apiserver = launchApiServer();
    // Whichever process is current when the control plane stops.
    started.push({ stop: () => apiserver.stop() });
    const caFile = join(dir, 'pki', 'apiserver.crt');
    await waitFor('kube-apiserver certificate', async () => existsSync(caFile), {
      timeoutMs,
      process: apiserver,
    });
    const caPem = readFileSync(caFile, 'utf8');
    const apiserverReady = (proc: ManagedProcess) =>
      waitFor('kube-apiserver /readyz', async () => (await httpsStatus(`${server}/readyz`, caPem)) === 200, {
        timeoutMs,
        process: proc,
        intervalMs: 250,
        explain: async () => {
          const { status, body } = await httpsText(`${server}/readyz?verbose`, caPem);
          const failing = body.split('\n').filter((line) => line.startsWith('[-]'));
          return `/readyz answered ${status}${failing.length > 0 ? `; failing: ${failing.join(', ')}` : ''}`;
        },
      });
    await apiserverReady(apiserver);
    const apiServer: ApiServerFaults = {
      pause: () => apiserver.pause(),
      resume: () => apiserver.resume(),
      async restart(restartOptions = {}) {
        await apiserver.stop();
        if (restartOptions.downMs) await new Promise((r) => setTimeout(r, restartOptions.downMs));
        apiserver = launchApiServer();
        await apiserverReady(apiserver);
      },
    };

    const kubeconfigPath = join(dir, 'admin.kubeconfig');
    writeFileSync(kubeconfigPath, kubeconfigYaml({ server, caFile, token: adminToken, user: 'admin' }), {
      mode: 0o600,
    });

    await options.beforeControllerManager?.({ kubeconfigPath, etcdUrl });
    if (options.controllerManager !== false) {
      const kcm = startProcess(
        'kube-controller-manager',
        binaries['kube-controller-manager'],
        [
          `--kubeconfig=${kubeconfigPath}`,
          // Deployments and ReplicaSets: KServe's predictors are Deployments, turned into pods here.
          '--controllers=job-controller,garbage-collector-controller,namespace-controller,ttl-after-finished-controller,deployment-controller,replicaset-controller',
          '--leader-elect=false',
          '--secure-port=0',
          '--concurrent-job-syncs=10',
        ],
        { logFile: join(dir, 'logs', 'kube-controller-manager.log') },
      );
      started.push(kcm);
    }

    return {
      server,
      kubeconfigPath,
      adminToken,
      caPem,
      dir,
      binaries,
      apiServer,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

export function kubeconfigYaml(args: {
  server: string;
  caFile: string;
  token: string;
  user: string;
}): string {
  // JSON is valid YAML; client-node and client-go both read it.
  return `${JSON.stringify(
    {
      apiVersion: 'v1',
      kind: 'Config',
      clusters: [
        { name: 'aim-local', cluster: { server: args.server, 'certificate-authority': args.caFile } },
      ],
      users: [{ name: args.user, user: { token: args.token } }],
      contexts: [{ name: 'aim-local', context: { cluster: 'aim-local', user: args.user } }],
      'current-context': 'aim-local',
    },
    null,
    2,
  )}\n`;
}
