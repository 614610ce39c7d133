import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../local/control-plane/ports.ts';
import { type ManagedProcess, startProcess, waitFor } from '../../../local/control-plane/processes.ts';
import { compileFunctions } from '../../../local/platform/compiled-functions.ts';
import { eventually } from '../support/wait.ts';
import { REPO_ROOT } from './rendered-manifests.ts';

/**
 * The container image without a Docker engine: compile as the Dockerfile's build stage does
 * (`npm run build`), lay out what its runtime stage keeps (package.json, dist/functions,
 * dist/shared, the func.yaml files), and start the entry point the way the image does
 * (`node dist/functions/main.js`, the function from AIM_FUNCTION).
 */
const app = mkdtempSync(join(tmpdir(), 'aim-image-'));
const entry = join(app, 'dist', 'functions', 'main.js');
const DUMMY_KUBECONFIG = `${JSON.stringify({
  apiVersion: 'v1',
  kind: 'Config',
  clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:1' } }],
  users: [{ name: 'u', user: { token: 'x' } }],
  contexts: [{ name: 'c', context: { cluster: 'c', user: 'u' } }],
  'current-context': 'c',
})}\n`;

describe('the image’s entry point, compiled', () => {
  let fn: ManagedProcess | undefined;

  beforeAll(() => {
    const build = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.build as string;
    expect(build).toBe('tsc -p tsconfig.build.json');
    // Compiled as the build stage does, each func.yaml beside its module (what the benchmarks run too).
    const compiled = join(app, 'build');
    compileFunctions(compiled);
    // The runtime stage: nothing but these.
    for (const dir of ['functions', 'shared'])
      cpSync(join(compiled, dir), join(app, 'dist', dir), { recursive: true });
    cpSync(join(REPO_ROOT, 'package.json'), join(app, 'package.json'));
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(app, 'node_modules'));
    mkdirSync(join(app, 'logs'));
    writeFileSync(join(app, 'kubeconfig'), DUMMY_KUBECONFIG);
  }, 180_000);

  afterAll(async () => {
    await fn?.stop();
  });

  it('refuses to start without a function to serve, saying how to name one', () => {
    const result = spawnSync(process.execPath, [entry], {
      cwd: app,
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('AIM_FUNCTION');
  });

  it('serves the function AIM_FUNCTION names: health endpoints and CloudEvent intake', async () => {
    const port = await freeLoopbackPort();
    fn = startProcess('image/service-resolve', process.execPath, ['dist/functions/main.js'], {
      logFile: join(app, 'logs', 'service-resolve.log'),
      cwd: app,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        AIM_FUNCTION: 'service-resolve',
        // The image listens on 0.0.0.0; a test stays on loopback.
        FUNC_HOST: '127.0.0.1',
        PORT: String(port),
        KUBECONFIG: join(app, 'kubeconfig'),
        LOG_LEVEL: 'info',
      },
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor('the compiled function', async () => (await fetch(`${url}/health/readiness`)).ok, {
      timeoutMs: 60_000,
      process: fn,
    });
    expect((await fetch(`${url}/health/liveness`)).ok).toBe(true);
    const notAnEvent = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(notAnEvent.status).toBe(400);
    // The process's output reaches the log file through a pipe: poll for its structured lines.
    const log = await eventually('the function’s structured log', async () => {
      const text = readFileSync(join(app, 'logs', 'service-resolve.log'), 'utf8');
      return text.includes('"function":"service-resolve"') ? text : undefined;
    });
    expect(log).toContain('"function":"service-resolve"');
  });
});
