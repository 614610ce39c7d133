/**
 * A real OCI registry for tests: Debian's `docker-registry` package (CNCF Distribution 2.8) on
 * 127.0.0.1 with filesystem storage in a temporary directory, optionally behind htpasswd (Basic)
 * auth. Binary: `AIM_TEST_REGISTRY_BINARY`, else /usr/bin/docker-registry; `htpasswd` comes from
 * apache2-utils.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeLoopbackPort } from '../../local/control-plane/ports.ts';
import { type ManagedProcess, startProcess, waitFor } from '../../local/control-plane/processes.ts';

export const REGISTRY_BINARY = process.env.AIM_TEST_REGISTRY_BINARY ?? '/usr/bin/docker-registry';
export const HTPASSWD_BINARY = process.env.AIM_TEST_HTPASSWD_BINARY ?? 'htpasswd';

export interface RegistryUser {
  username: string;
  password: string;
}

export interface LocalRegistry {
  /** `127.0.0.1:<port>`: what image references start with. */
  host: string;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The user the registry accepts, when it runs with auth. */
  user?: RegistryUser;
  process: ManagedProcess;
  stop(): Promise<void>;
}

export function registryAvailable(): boolean {
  return existsSync(REGISTRY_BINARY);
}

function htpasswdLine(user: RegistryUser): string {
  // Distribution only accepts bcrypt entries.
  return execFileSync(HTPASSWD_BINARY, ['-nbB', user.username, user.password], { encoding: 'utf8' }).trim();
}

function configYaml(dir: string, port: number, htpasswdPath: string | undefined): string {
  const lines = [
    'version: 0.1',
    'log:',
    '  level: warn',
    '  accesslog:',
    '    disabled: true',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${join(dir, 'data')}`,
    '  delete:',
    '    enabled: true',
    'http:',
    `  addr: 127.0.0.1:${port}`,
    `  secret: ${randomBytes(16).toString('hex')}`,
  ];
  if (htpasswdPath !== undefined) {
    lines.push('auth:', '  htpasswd:', '    realm: aim-test-registry', `    path: ${htpasswdPath}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Starts a registry in `dir` (created if needed) and waits until `/v2/` answers. */
export async function startLocalRegistry(options: {
  dir: string;
  user?: RegistryUser;
}): Promise<LocalRegistry> {
  mkdirSync(join(options.dir, 'data'), { recursive: true });
  let htpasswdPath: string | undefined;
  if (options.user !== undefined) {
    htpasswdPath = join(options.dir, 'htpasswd');
    writeFileSync(htpasswdPath, `${htpasswdLine(options.user)}\n`, { mode: 0o600 });
  }
  const port = await freeLoopbackPort();
  const configPath = join(options.dir, 'config.yml');
  writeFileSync(configPath, configYaml(options.dir, port, htpasswdPath));
  const proc = startProcess('docker-registry', REGISTRY_BINARY, ['serve', configPath], {
    logFile: join(options.dir, 'registry.log'),
  });
  const host = `127.0.0.1:${port}`;
  const url = `http://${host}`;
  // 200 without auth, 401 with: either way the registry is serving.
  await waitFor('docker-registry /v2/', async () => [200, 401].includes((await fetch(`${url}/v2/`)).status), {
    timeoutMs: 30_000,
    process: proc,
  });
  const registry: LocalRegistry = { host, url, process: proc, stop: () => proc.stop() };
  if (options.user !== undefined) registry.user = options.user;
  return registry;
}

/**
 * The pair most registry tests want: one open registry and one behind htpasswd for `user`, in a
 * fresh temp dir; fails with the install hint when Debian's docker-registry is missing.
 */
export async function startOpenAndLockedRegistries(
  name: string,
  user: RegistryUser,
): Promise<{ open: LocalRegistry; locked: LocalRegistry }> {
  if (!registryAvailable()) {
    throw new Error(
      `${REGISTRY_BINARY} is missing: install Debian's docker-registry package (and apache2-utils for htpasswd)`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), `aim-e2e-${name}-registries-`));
  const open = await startLocalRegistry({ dir: join(dir, 'open') });
  const locked = await startLocalRegistry({ dir: join(dir, 'locked'), user });
  return { open, locked };
}
