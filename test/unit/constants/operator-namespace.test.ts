import { describe, expect, it } from 'vitest';
import { operatorNamespace, resolveOperatorNamespace } from '../../../shared/constants/operator-namespace.ts';

const noFile = () => undefined;

describe('resolveOperatorNamespace', () => {
  it('prefers AIM_SYSTEM_NAMESPACE', () => {
    expect(
      resolveOperatorNamespace({ env: { AIM_SYSTEM_NAMESPACE: 'ops' }, readNamespaceFile: () => 'sa-ns' }),
    ).toBe('ops');
  });

  it('falls back to the service-account namespace file', () => {
    expect(resolveOperatorNamespace({ env: {}, readNamespaceFile: () => 'sa-ns\n' })).toBe('sa-ns');
    expect(
      resolveOperatorNamespace({ env: { AIM_SYSTEM_NAMESPACE: '  ' }, readNamespaceFile: () => 'sa-ns' }),
    ).toBe('sa-ns');
  });

  it('defaults to aim-system', () => {
    expect(resolveOperatorNamespace({ env: {}, readNamespaceFile: noFile })).toBe('aim-system');
    expect(resolveOperatorNamespace({ env: {}, readNamespaceFile: () => '' })).toBe('aim-system');
  });
});

describe('operatorNamespace', () => {
  it('resolves once and then stays stable', () => {
    const first = operatorNamespace();
    expect(first).not.toBe('');
    expect(operatorNamespace()).toBe(first);
  });
});
