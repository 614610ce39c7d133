import { describe, expect, it } from 'vitest';
import { CliError } from '../../../cli/connection.ts';
import { prepareService, serviceDocuments } from '../../../cli/plan/plan-input.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';
const FILE = `
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: ${AIM}
kind: AIMService
metadata: {name: chat}
spec: {model: {name: llama}}
---
apiVersion: ${AIM}
kind: AIMService
metadata: {name: other, namespace: elsewhere}
spec: {model: {image: ghcr.io/x/y:1}}
`;

describe('serviceDocuments', () => {
  it('keeps the AIMServices of a file, each in its own namespace or the default one', () => {
    const services = serviceDocuments(FILE, 'team');
    expect(services.map((s) => `${s.metadata.namespace}/${s.metadata.name}`)).toEqual([
      'team/chat',
      'elsewhere/other',
    ]);
  });

  it('refuses a file without an AIMService', () => {
    expect(() => serviceDocuments('kind: ConfigMap\nmetadata: {name: x}\n', 'team')).toThrow(CliError);
  });
});

describe('prepareService', () => {
  const [chat] = serviceDocuments(FILE, 'team');

  it("falls back to the functions' schema when the dry run is forbidden, keeping the stored uid and status", async () => {
    const client = new FakeKubeClient().seed({ ...chat!, status: { status: 'Running' } });
    client.failNext('apply', 'Forbidden');
    const prepared = await prepareService(client, chat!);
    expect(prepared).toMatchObject({
      ok: true,
      exists: true,
      checkedBy: expect.stringContaining('local schema check'),
    });
    if (!prepared.ok) throw new Error('not prepared');
    expect(prepared.object.status).toEqual({ status: 'Running' });
    expect(prepared.object.metadata.uid).toBe(
      client.peek({ apiVersion: AIM, kind: 'AIMService', namespace: 'team', name: 'chat' })?.metadata.uid,
    );
  });

  it('reports what the schema rejects, naming the field', async () => {
    const client = new FakeKubeClient();
    client.failNext('apply', 'Forbidden');
    const prepared = await prepareService(client, { ...chat!, spec: { model: {} } });
    expect(prepared.ok).toBe(false);
    if (prepared.ok) throw new Error('unexpectedly valid');
    expect(prepared.reason).toMatch(/spec\.model/);
  });

  it('writes nothing itself: only a dry-run apply', async () => {
    const client = new FakeKubeClient();
    await prepareService(client, chat!);
    const writes = client.calls.filter((c) => !['get', 'getOptional', 'list'].includes(c.method));
    expect(writes.map((c) => c.method)).toEqual(['apply']);
  });
});
