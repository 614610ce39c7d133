import { createServer, type Server } from 'node:http';
import { KubeConfig } from '@kubernetes/client-node';
import { afterEach, describe, expect, it } from 'vitest';
import { createKubeClient } from '../../../shared/kube/client.ts';
import { requestTarget } from '../../../shared/kube/request-target.ts';

let server: Server | undefined;

afterEach(async () => {
  const running = server;
  server = undefined;
  if (running === undefined) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** A loopback API server that answers everything and counts connections and paths. */
async function apiServer(): Promise<{ url: string; connections: () => number; paths: string[] }> {
  let connections = 0;
  const paths: string[] = [];
  server = createServer((req, res) => {
    paths.push(req.url ?? '');
    // Each answer waits a little, so that requests sent together overlap.
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"metadata":{}}'), 20);
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, connections: () => connections, paths };
}

function kubeConfig(url: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name: 'local', server: url, skipTLSVerify: true }],
    users: [{ name: 'robot', token: 't' }],
    contexts: [{ name: 'local', cluster: 'local', user: 'robot' }],
    currentContext: 'local',
  });
  return kc;
}

const pod = (name: string) => ({ apiVersion: 'v1', kind: 'Pod', namespace: 'a', name });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('preconnect', () => {
  it('opens the connections at once, and the first requests use them', async () => {
    const api = await apiServer();
    const client = createKubeClient({ kubeConfig: kubeConfig(api.url), preconnect: 3 });
    await until(() => api.paths.length === 3);
    expect(api.paths).toEqual(['/version', '/version', '/version']);
    // The three /version answers back on the agent's free list before the reads go out.
    await new Promise((r) => setTimeout(r, 60));
    await Promise.all([client.get(pod('a')), client.get(pod('b')), client.get(pod('c'))]);
    expect(api.connections()).toBe(3);
    expect(client.requestCount).toBe(6);
  });

  it('without it, opens nothing until asked', async () => {
    const api = await apiServer();
    const client = createKubeClient({ kubeConfig: kubeConfig(api.url) });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.connections()).toBe(0);
    await client.get(pod('a'));
    expect(api.paths).toEqual(['/api/v1/namespaces/a/pods/a']);
  });

  it('never fails, with no server listening', async () => {
    const api = await apiServer();
    const stopped = server;
    server = undefined;
    await new Promise((resolve) => stopped?.close(resolve));
    const client = createKubeClient({ kubeConfig: kubeConfig(api.url), preconnect: 2, timeoutMs: 500 });
    await new Promise((r) => setTimeout(r, 50));
    expect(client.requestCount).toBe(2);
  });
});

describe('requestTarget outside the resource API', () => {
  it('names the path itself', () => {
    expect(requestTarget({ method: 'GET', path: '/version' })).toEqual({ verb: 'GET', resource: '/version' });
    expect(requestTarget({ method: 'GET', path: '/api/v1/namespaces/a/pods' })).toEqual({
      verb: 'LIST',
      resource: 'pods',
    });
  });
});
