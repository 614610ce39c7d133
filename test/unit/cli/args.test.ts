import { describe, expect, it } from 'vitest';
import { parseArgs, parseDuration, UsageError } from '../../../cli/args.ts';
import { kindChoice } from '../../../cli/kinds.ts';

describe('parseArgs', () => {
  it('reads a command, its positionals and kubectl-style flags in every spelling', () => {
    const args = parseArgs([
      'wait',
      'service',
      'chat',
      '-n',
      'team',
      '--for=Running',
      '--timeout',
      '90s',
      '-o',
      'yaml',
    ]);
    expect(args).toMatchObject({
      command: 'wait',
      positional: ['service', 'chat'],
      namespace: 'team',
      waitFor: 'Running',
      timeoutMs: 90_000,
      output: 'yaml',
      allNamespaces: false,
    });
    expect(parseArgs(['status', '-A', '--context=kind-aim', '--kubeconfig', '/k'])).toMatchObject({
      command: 'status',
      allNamespaces: true,
      context: 'kind-aim',
      kubeconfig: '/k',
    });
    expect(parseArgs(['plan', '--filename=svc.yaml', '--namespace=x'])).toMatchObject({
      filename: 'svc.yaml',
      namespace: 'x',
    });
  });

  it('defaults to text output, a five-minute timeout and help without a command', () => {
    expect(parseArgs([])).toMatchObject({ command: 'help', output: 'text', timeoutMs: 300_000 });
    expect(parseArgs(['status', '--help']).command).toBe('help');
  });

  it('rejects what it does not know, so a typo never changes what runs', () => {
    expect(() => parseArgs(['deploy'])).toThrow(UsageError);
    expect(() => parseArgs(['status', '--namespcae', 'x'])).toThrow(/unknown flag --namespcae/);
    expect(() => parseArgs(['status', '-o', 'table'])).toThrow(/unsupported output format/);
    expect(() => parseArgs(['status', '-n'])).toThrow(/needs a value/);
  });
});

describe('parseDuration', () => {
  it.each([
    ['5m', 300_000],
    ['90s', 90_000],
    ['1h30m', 5_400_000],
    ['250ms', 250],
    ['30', 30_000],
  ])('%s is %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', 'soon', '5x', '5m junk'])('rejects %j', (text) => {
    expect(() => parseDuration(text)).toThrow(UsageError);
  });
});

describe('kindChoice', () => {
  it('maps family words, kind names, plurals and short names to the kinds looked up in order', () => {
    expect(kindChoice('model').kinds).toEqual(['AIMModel', 'AIMClusterModel']);
    expect(kindChoice('template').kinds).toEqual(['AIMServiceTemplate', 'AIMClusterServiceTemplate']);
    expect(kindChoice('aimsvc').kinds).toEqual(['AIMService']);
    expect(kindChoice('AIMTemplateCache').kinds).toEqual(['AIMTemplateCache']);
    expect(kindChoice('aimmodelcache').kinds).toEqual(['AIMArtifact']);
  });

  it('refuses kinds that have no chain (runtime configs) and unknown words', () => {
    expect(() => kindChoice('aimrc')).toThrow(UsageError);
    expect(() => kindChoice('pod')).toThrow(UsageError);
  });
});
