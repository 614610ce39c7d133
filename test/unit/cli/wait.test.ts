import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../cli/args.ts';
import { CliError, type Connection } from '../../../cli/connection.ts';
import { parseWaitGoal, waitCommand } from '../../../cli/wait.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';

function service(status: Record<string, unknown>): KubeObject {
  return {
    apiVersion: AIM,
    kind: 'AIMService',
    metadata: { name: 'chat', namespace: 'team' },
    spec: {},
    status,
  };
}

/** A clock the sleeps advance, and a hook that changes the cluster between polls. */
function scripted(onPoll: (poll: number) => void) {
  let now = 0;
  let poll = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
      onPoll(++poll);
    },
  };
}

function connection(client: FakeKubeClient): Connection {
  return { client, namespace: 'team', context: 'test', server: 'https://127.0.0.1:1' };
}

describe('parseWaitGoal', () => {
  it('defaults to Running for services and Ready for everything else', () => {
    expect(parseWaitGoal(undefined, ['AIMService'])).toEqual({ status: 'Running' });
    expect(parseWaitGoal(undefined, ['AIMModel', 'AIMClusterModel'])).toEqual({ status: 'Ready' });
  });

  it('reads condition=Type and condition=Type=Status', () => {
    expect(parseWaitGoal('condition=CacheReady', [])).toEqual({
      condition: 'CacheReady',
      conditionStatus: 'True',
    });
    expect(parseWaitGoal('condition=ModelReady=False', [])).toEqual({
      condition: 'ModelReady',
      conditionStatus: 'False',
    });
    expect(() => parseWaitGoal('jsonpath=x', [])).toThrow(/use a status/);
  });
});

describe('waitCommand', () => {
  const args = (extra: string[]) => parseArgs(['wait', 'service', 'chat', ...extra]);

  it('returns once the status is reached, after polling through the earlier states', async () => {
    const client = new FakeKubeClient().seed(service({ status: 'Starting' }));
    const deps = scripted((poll) => {
      if (poll === 3)
        client.seed(service({ status: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }));
    });
    const output = await waitCommand(args(['--for=Running', '--timeout=1m']), connection(client), deps);
    expect(output).toBe('AIMService chat: Running\n');
  });

  it('waits for an object that does not exist yet', async () => {
    const client = new FakeKubeClient();
    const deps = scripted((poll) => {
      if (poll === 2) client.seed(service({ status: 'Running' }));
    });
    await expect(waitCommand(args(['--timeout=1m']), connection(client), deps)).resolves.toContain('Running');
  });

  it('gives up as soon as the object is Failed, with the blocking condition', async () => {
    const client = new FakeKubeClient().seed(
      service({
        status: 'Failed',
        conditions: [
          { type: 'ModelReady', status: 'False', reason: 'ModelNotFound', message: 'model "m" not found' },
        ],
      }),
    );
    const deps = scripted(() => {});
    const error = await waitCommand(args(['--timeout=1h']), connection(client), deps).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toContain(
      'is Failed (waiting for Running): ModelReady=False ModelNotFound',
    );
    expect(deps.now()).toBe(0);
  });

  it('times out with the status and blocking condition last seen', async () => {
    const client = new FakeKubeClient().seed(
      service({
        status: 'Progressing',
        conditions: [{ type: 'CacheReady', status: 'False', reason: 'Downloading' }],
      }),
    );
    const deps = scripted(() => {});
    const error = await waitCommand(args(['--timeout=5s']), connection(client), deps).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(
      'timed out after 5s waiting for service chat in namespace team to be Running: status Progressing; blocking: CacheReady=False Downloading',
    );
    expect(deps.now()).toBe(5000);
  });

  it('can wait for a Failed status too', async () => {
    const client = new FakeKubeClient().seed(service({ status: 'Failed' }));
    const output = await waitCommand(
      args(['--for=Failed', '-o', 'json']),
      connection(client),
      scripted(() => {}),
    );
    expect(JSON.parse(output)).toMatchObject({ reached: true, status: 'Failed', goal: 'Failed' });
  });
});
