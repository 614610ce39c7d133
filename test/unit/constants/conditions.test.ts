import { describe, expect, it } from 'vitest';
// The index re-exports every <kind>-conditions.ts module, so the syntax check below covers them all.
import * as conditions from '../../../shared/constants/index.ts';

const { componentConditionType, NON_COMPONENT_CONDITION_TYPES, SERVICE_COMPONENTS, TEMPLATE_COMPONENTS } =
  conditions;

describe('condition types', () => {
  it('turns a component into its <Component>Ready condition', () => {
    expect(componentConditionType(SERVICE_COMPONENTS.inferenceServicePods)).toBe('InferenceServicePodsReady');
    expect(componentConditionType(TEMPLATE_COMPONENTS.gpu)).toBe('GPUReady');
  });

  it('excludes exactly the state-engine conditions from the component scan (spec §5.3)', () => {
    expect([...NON_COMPONENT_CONDITION_TYPES].sort()).toEqual(
      ['AuthValid', 'ConfigValid', 'DependenciesReachable', 'Ready'].sort(),
    );
  });

  it('uses condition-reason syntax (CamelCase identifiers) for every reason and component', () => {
    const groups = Object.entries(conditions).filter(([name]) => /_(REASONS|COMPONENTS|TYPES)$/.test(name));
    expect(groups.length).toBeGreaterThan(10);
    for (const [group, values] of groups) {
      for (const value of Object.values(values as Record<string, string>)) {
        expect(value, group).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      }
    }
  });
});
