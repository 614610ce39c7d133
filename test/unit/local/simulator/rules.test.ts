import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  parseRules,
  parseRulesYaml,
  renderRulesYaml,
  SimulatorRulesSchema,
} from '../../../../local/simulator/rules.ts';

describe('simulator rules schema', () => {
  it('fills every section from an empty document', () => {
    const parsed = parseRulesYaml('');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rules.enabled).toBe(true);
    expect(parsed.rules.ignoredNamespaces).toEqual([]);
    expect(parsed.rules.nodes.items.map((n) => n.name)).toEqual(['sim-mi300x-0', 'sim-mi325x-0']);
    expect(parsed.rules.nodes.items[0]?.labels['amd.com/gpu.device-id']).toBe('74a1');
    expect(parsed.rules.nodes.items[1]?.labels['amd.com/gpu.device-id']).toBe('74a5');
    expect(parsed.rules.nodes.items[0]?.taints).toEqual([]);
    expect(parsed.rules.pods).toEqual({ enabled: true, artifactStatus: true, rules: [] });
    expect(parsed.rules.pvcs.enabled).toBe(true);
  });

  it('accepts the default rules and survives a YAML round trip', () => {
    const direct = parseRules(DEFAULT_RULES);
    const viaYaml = parseRulesYaml(renderRulesYaml(DEFAULT_RULES));
    expect(direct.ok && viaYaml.ok).toBe(true);
    if (direct.ok && viaYaml.ok) expect(viaYaml.rules).toEqual(direct.rules);
  });

  it('applies per-rule defaults', () => {
    const rules = SimulatorRulesSchema.parse({
      inferenceServices: { rules: [{ match: { name: 'x' } }] },
      httpRoutes: { rules: [{}] },
      pvcs: { rules: [{ lost: true }] },
      pods: { rules: [{ progress: {} }] },
    });
    expect(rules.inferenceServices.rules[0]).toMatchObject({
      ready: true,
      readyAfterSeconds: 1,
      createPods: true,
    });
    expect(rules.httpRoutes.rules[0]).toMatchObject({ accepted: true, resolvedRefs: true, afterSeconds: 0 });
    expect(rules.pvcs.rules[0]).toMatchObject({ bind: true, afterSeconds: 1, lost: true });
    expect(rules.pods.rules[0]?.progress).toMatchObject({
      steps: [25, 50, 100],
      intervalSeconds: 1,
      failProtocols: [],
    });
    // Unset, the pod's STALL_TIMEOUT decides (pod-behaviour.ts).
    expect(rules.pods.rules[0]?.progress?.stallTimeoutSeconds).toBeUndefined();
  });

  it('accepts env globs in a pod match and namespace globs to ignore', () => {
    const parsed = parseRulesYaml(
      'ignoredNamespaces: [e2e-raw-*]\npods:\n  rules:\n    - match: {env: {AIM_PRECISION: fp8, AIM_GPU_MODEL: "MI3*"}}\n',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rules.ignoredNamespaces).toEqual(['e2e-raw-*']);
    expect(parsed.rules.pods.rules[0]?.match.env).toEqual({ AIM_PRECISION: 'fp8', AIM_GPU_MODEL: 'MI3*' });
  });

  it('rejects unknown keys and wrong types with the path', () => {
    const typo = parseRulesYaml('pods:\n  rules:\n    - match: {imag: "x"}\n');
    expect(typo.ok).toBe(false);
    if (!typo.ok) expect(typo.error).toContain('pods.rules[0].match');
    const wrongType = parseRules({ pvcs: { rules: [{ afterSeconds: -1 }] } });
    expect(wrongType.ok).toBe(false);
  });

  it('reports YAML syntax errors', () => {
    const parsed = parseRulesYaml('enabled: [');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/not valid YAML/);
  });
});
