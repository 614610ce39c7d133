import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../shared/observability/logger.ts';
import { defineFunction } from '../../../shared/runtime/define-function.ts';
import type { FunctionModule } from '../../../shared/runtime/function-types.ts';
import { serveFunction } from '../../../shared/runtime/serve.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { shellModelInspect } from '../../support/function-harness.ts';

function moduleUnderTest(): FunctionModule {
  return defineFunction(shellModelInspect, {
    createClient: () => new FakeKubeClient(),
    logger: createLogger({ function: 'model-inspect', level: 'silent' }),
    initialResync: false,
  });
}

/**
 * The status a probe gets when it arrives while the function is busy: another process, warmed up
 * and told to go just before this one's event loop blocks, sends it during the block, so the
 * runtime reads it right after.
 */
async function probeWhileBusy(url: string): Promise<number> {
  const script = `
    const url = ${JSON.stringify(url)};
    await fetch(url);
    process.stdout.write('ready\\n');
    process.stdin.once('data', async () => {
      const response = await fetch(url);
      process.stdout.write(String(response.status));
      process.exit(0);
    });`;
  const client = spawn(process.execPath, ['--input-type=module', '-e', script]);
  let output = '';
  const ready = new Promise<void>((resolve) =>
    client.stdout.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('ready')) resolve();
    }),
  );
  const exited = new Promise((resolve) => client.on('exit', resolve));
  await ready;
  client.stdin.write('go\n');
  const until = Date.now() + 300;
  while (Date.now() < until) {
    // busy: a large LIST being parsed, a burst of reconciles
  }
  await exited;
  return Number(output.replace('ready', '').trim());
}

describe('health probes', () => {
  it('a busy function is alive and ready; the runtime’s own probes would say 503', async () => {
    const { liveness: _l, readiness: _r, ...withoutProbes } = moduleUnderTest();
    const runtimeDefault = await serveFunction(withoutProbes as never, { port: 0, logLevel: 'fatal' });
    try {
      expect(await probeWhileBusy(`${runtimeDefault.url}/health/readiness`)).toBe(503);
    } finally {
      await runtimeDefault.close();
    }

    const ours = await serveFunction(moduleUnderTest(), { port: 0, logLevel: 'fatal' });
    try {
      expect(await probeWhileBusy(`${ours.url}/health/readiness`)).toBe(200);
      expect(await probeWhileBusy(`${ours.url}/health/liveness`)).toBe(200);
    } finally {
      await ours.close();
    }
  });

  it('not ready once shutting down, still alive', async () => {
    const fn = moduleUnderTest();
    const running = await serveFunction(fn, { port: 0, logLevel: 'fatal' });
    try {
      expect((await fetch(`${running.url}/health/readiness`)).status).toBe(200);
      await fn.shutdown();
      expect((await fetch(`${running.url}/health/readiness`)).status).toBe(503);
      expect((await fetch(`${running.url}/health/liveness`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
