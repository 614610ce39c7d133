import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../local/control-plane/ports.ts';
import { type ManagedProcess, startProcess, waitFor } from '../../../local/control-plane/processes.ts';
import { bundleFunctions } from '../../../scripts/build/bundle.ts';
import { FUNCTION_NODE_FLAGS } from '../../../shared/runtime/node-flags.ts';
import { eventually } from '../support/wait.ts';
import { REPO_ROOT } from './rendered-manifests.ts';

/**
 * The container image without a Docker engine: bundle as the Dockerfile's build stage does
 * (`npm run build`), lay out what its runtime stage keeps (package.json, dist/functions with the
 * func.yaml files, the production dependencies), and start the entry point the way the image does
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

describe('the image’s entry point, bundled', () => {
  let fn: ManagedProcess | undefined;

  beforeAll(async () => {
    const build = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).scripts.build as string;
    expect(build).toBe('node scripts/build-functions.ts');
    // Bundled as the build stage does, each func.yaml beside it (what the benchmarks run too).
    const bundled = join(app, 'build');
    await bundleFunctions(bundled);
    // The runtime stage: nothing but these.
    cpSync(join(bundled, 'functions'), join(app, 'dist', 'functions'), { recursive: true });
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

  it('--load-only loads a function and exits, leaving the compile cache the image carries', () => {
    const result = spawnSync(
      process.execPath,
      [...FUNCTION_NODE_FLAGS, entry, 'service-resolve', '--load-only'],
      {
        cwd: app,
        env: { PATH: process.env.PATH, NODE_COMPILE_CACHE: join(app, 'compile-cache') },
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('"function loaded"');
    const cached = readdirSync(join(app, 'compile-cache'), { recursive: true });
    expect(cached.length).toBeGreaterThan(3);
  });

  it('serves the function AIM_FUNCTION names: health endpoints and CloudEvent intake', async () => {
    const port = await freeLoopbackPort();
    fn = startProcess('image/service-resolve', process.execPath, ['dist/functions/main.js'], {
      logFile: join(app, 'logs', 'service-resolve.log'),
      cwd: app,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        NODE_COMPILE_CACHE: join(app, 'compile-cache'),
        AIM_FUNCTION: 'service-resolve',
        // The image listens on 0.0.0.0; a test stays on loopback.
        FUNC_HOST: '127.0.0.1',
        PORT: String(port),
        KUBECONFIG: join(app, 'kubeconfig'),
        LOG_LEVEL: 'info',
      },
    });
    const url = `http://127.0.0.1:${port}`;
    await waitFor('the bundled function', async () => (await fetch(`${url}/health/readiness`)).ok, {
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
    // A CloudEvent the runtime itself rejects (no source): the bundle holds the runtime's own
    // cloudevents copy, and its ValidationError must still read as the client's fault.
    const invalidEvent = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ce-specversion': '1.0', 'ce-id': '1', 'ce-type': 't' },
      body: '{}',
    });
    expect(invalidEvent.status).toBe(400);
    // The process's output reaches the log file through a pipe: poll for its structured lines.
    const log = await eventually('the function’s structured log', async () => {
      const text = readFileSync(join(app, 'logs', 'service-resolve.log'), 'utf8');
      return text.includes('"function":"service-resolve"') ? text : undefined;
    });
    expect(log).toContain('"function":"service-resolve"');
  });
});
