import { describe, expect, it } from 'vitest';
import { parseServeCommand } from '../../../functions/serve-command.ts';

describe('what to serve and where', () => {
  it('local default: the named function on loopback:8080', () => {
    expect(parseServeCommand(['isvc-render'], {})).toEqual({
      ok: true,
      command: { name: 'isvc-render', host: '127.0.0.1', port: 8080, loadOnly: false },
    });
  });

  it('in the image: the function from AIM_FUNCTION, every interface from FUNC_HOST, Knative’s PORT', () => {
    expect(
      parseServeCommand([], { AIM_FUNCTION: 'cache-manage', FUNC_HOST: '0.0.0.0', PORT: '8012' }),
    ).toEqual({
      ok: true,
      command: { name: 'cache-manage', host: '0.0.0.0', port: 8012, loadOnly: false },
    });
  });

  it('flags win over the environment, FUNC_PORT over PORT', () => {
    const env = { AIM_FUNCTION: 'cache-manage', FUNC_HOST: '0.0.0.0', FUNC_PORT: '9000', PORT: '8012' };
    expect(parseServeCommand(['model-inspect', '--port', '0', '--host', '::1'], env)).toEqual({
      ok: true,
      command: { name: 'model-inspect', host: '::1', port: 0, loadOnly: false },
    });
    expect(parseServeCommand(['model-inspect'], env)).toMatchObject({ command: { port: 9000 } });
  });

  it('--load-only loads the function without serving it', () => {
    expect(parseServeCommand(['service-resolve', '--load-only'], {})).toMatchObject({
      ok: true,
      command: { name: 'service-resolve', loadOnly: true },
    });
  });

  it('refuses what it cannot serve, naming the problem', () => {
    expect(parseServeCommand([], {})).toMatchObject({
      ok: false,
      message: expect.stringContaining('AIM_FUNCTION'),
    });
    expect(parseServeCommand(['nope'], {})).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a function: "nope"'),
    });
    expect(parseServeCommand(['a', 'b'], {})).toMatchObject({ ok: false });
    expect(parseServeCommand(['isvc-render', '--port', '70000'], {})).toMatchObject({
      ok: false,
      message: 'invalid port "70000"',
    });
    expect(parseServeCommand(['isvc-render', '--port', 'x'], {})).toMatchObject({ ok: false });
    expect(parseServeCommand(['--bogus'], {})).toMatchObject({ ok: false });
    expect(parseServeCommand(['--help'], {})).toMatchObject({ ok: false, help: true });
  });
});
