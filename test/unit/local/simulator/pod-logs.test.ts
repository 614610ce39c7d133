import { describe, expect, it } from 'vitest';
import { resolvePodBehaviour } from '../../../../local/simulator/pod-behaviour.ts';
import { containerLogAt, sliceLog } from '../../../../local/simulator/pod-logs.ts';
import { SimulatorRulesSchema } from '../../../../local/simulator/rules.ts';
import { pod } from './pods.ts';

const rules = (input: unknown = {}) => SimulatorRulesSchema.parse(input);

describe('sliceLog', () => {
  const text = 'one\ntwo\nthree\n';

  it('keeps the last tailLines lines', () => {
    expect(sliceLog(text, { tailLines: 1 })).toBe('three\n');
    expect(sliceLog(text, { tailLines: 2 })).toBe('two\nthree\n');
    expect(sliceLog(text, { tailLines: 10 })).toBe(text);
    expect(sliceLog(text, { tailLines: 0 })).toBe('');
    expect(sliceLog('a\nb', { tailLines: 1 })).toBe('b');
  });

  it('applies limitBytes after tailLines', () => {
    expect(sliceLog(text, { limitBytes: 5 })).toBe('one\nt');
    expect(sliceLog(text, { tailLines: 2, limitBytes: 3 })).toBe('two');
  });
});

describe('containerLogAt', () => {
  it('serves the rule text once the container started', () => {
    const p = pod('p');
    const b = resolvePodBehaviour(p, rules({ pods: { rules: [{ logs: 'hello\n', startAfterSeconds: 1 }] } }));
    expect(containerLogAt(p, 'main', b, 0.5)).toEqual({
      status: 400,
      message: 'container "main" in pod "p" is waiting to start: ContainerCreating',
    });
    expect(containerLogAt(p, 'main', b, 1)).toEqual({ status: 200, text: 'hello\n' });
    expect(containerLogAt(p, 'nope', b, 1)).toMatchObject({ status: 404 });
  });

  it('never serves logs of a container whose image cannot be pulled', () => {
    const p = pod('p');
    const b = resolvePodBehaviour(p, rules({ pods: { rules: [{ pullError: 'denied' }] } }));
    expect(containerLogAt(p, 'main', b, 100)).toMatchObject({
      status: 400,
      message: expect.stringContaining('trying and failing to pull image'),
    });
  });

  it('ends a check-size log with the size JSON line', () => {
    const p = pod('cs', {
      labels: { 'aim.eai.amd.com/component': 'check-size' },
      containers: [{ name: 'check-size', image: 'dl', args: ['hf://org/model'] }],
    });
    const answer = containerLogAt(p, 'check-size', resolvePodBehaviour(p, rules()), 5);
    expect(answer.status).toBe(200);
    const lastLine = answer.status === 200 ? answer.text.trim().split('\n').at(-1) : '';
    expect(JSON.parse(lastLine ?? '')).toEqual({ url: 'hf://org/model', sizeBytes: 536870912 });
  });

  it('grows a download log with the script', () => {
    const p = pod('dl', {
      labels: { 'aim.eai.amd.com/component': 'download' },
      containers: [
        {
          name: 'model-download',
          image: 'dl',
          args: ['hf://org/m'],
          env: [{ name: 'ARTIFACT_NAME', value: 'a' }],
        },
      ],
    });
    const b = resolvePodBehaviour(p, rules());
    const early = containerLogAt(p, 'model-download', b, 0.6);
    const late = containerLogAt(p, 'model-download', b, 10);
    expect(early.status === 200 && late.status === 200).toBe(true);
    if (early.status === 200 && late.status === 200) {
      expect(early.text).toContain('Downloading with XET');
      expect(late.text.length).toBeGreaterThan(early.text.length);
      expect(late.text).toContain('Download and verification complete');
    }
  });
});
