import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../cli/args.ts';
import { CliError, connect, explainApiError } from '../../../cli/connection.ts';
import { KubeError } from '../../../shared/kube/errors.ts';

const dir = mkdtempSync(join(tmpdir(), 'kubectl-aim-unit-'));
const kubeconfig = join(dir, 'config');
writeFileSync(
  kubeconfig,
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'c', cluster: { server: 'https://127.0.0.1:6443' } }],
    users: [{ name: 'u', user: { token: 't' } }],
    contexts: [
      { name: 'main', context: { cluster: 'c', user: 'u', namespace: 'team-a' } },
      { name: 'other', context: { cluster: 'c', user: 'u' } },
    ],
    'current-context': 'main',
  }),
);
const emptyHome = { HOME: mkdtempSync(join(tmpdir(), 'kubectl-aim-home-')) };

describe('connect', () => {
  it("takes the namespace from -n, else the context's, else default", () => {
    const env = { ...emptyHome, KUBECONFIG: kubeconfig };
    expect(connect(parseArgs(['status']), env).namespace).toBe('team-a');
    expect(connect(parseArgs(['status', '-n', 'x']), env).namespace).toBe('x');
    const other = connect(parseArgs(['status', '--context', 'other']), env);
    expect(other).toMatchObject({ namespace: 'default', context: 'other', server: 'https://127.0.0.1:6443' });
  });

  it('says what is missing: a kubeconfig, the named file, the context', () => {
    expect(() => connect(parseArgs(['status']), { ...emptyHome, KUBECONFIG: join(dir, 'nope') })).toThrow(
      /no kubeconfig found \(KUBECONFIG=.*nope names no existing file\)/,
    );
    expect(() => connect(parseArgs(['status', '--kubeconfig', join(dir, 'nope')]), emptyHome)).toThrow(
      /does not exist/,
    );
    expect(() =>
      connect(parseArgs(['status', '--context', 'gone']), { ...emptyHome, KUBECONFIG: kubeconfig }),
    ).toThrow('context "gone" is not in the kubeconfig');
  });
});

describe('explainApiError', () => {
  const server = { server: 'https://api:6443' };
  const error = (reason: ConstructorParameters<typeof KubeError>[0]['reason'], message = 'boom') =>
    new KubeError({ reason, message, retryable: false, details: { message } });

  it('reads a 404 on a list as missing CRDs', () => {
    const result = explainApiError(error('NotFound'), 'list aimservices in namespace x', server);
    expect(result).toBeInstanceOf(CliError);
    expect(result.message).toBe(
      'list aimservices in namespace x: the AIM CRDs (aim.eai.amd.com/v1alpha1) are not installed on https://api:6443 (kubectl apply -k manifests/crds)',
    );
  });

  it('names forbidden, unauthorized and unreachable', () => {
    expect(explainApiError(error('Forbidden', 'user "u" cannot list'), 'list x', server).message).toBe(
      'list x: forbidden for your user: user "u" cannot list',
    );
    expect(explainApiError(error('Unauthorized'), 'list x', server).message).toContain(
      'rejected your credentials',
    );
    expect(explainApiError(error('NetworkError', 'ECONNREFUSED'), 'list x', server).message).toBe(
      'list x: cannot reach the API server https://api:6443 (ECONNREFUSED)',
    );
  });
});
