/** The two-way permission check every function's permissions.test.ts runs. */
import { describe, expect, it } from 'vitest';
import type { ApiAccess } from '../../../shared/kube/api-access.ts';
import type { FunctionPermissions } from '../../../shared/rbac/permission.ts';
import type { FunctionDefinition } from '../../../shared/runtime/define-function.ts';
import { runScenario, type Scenario } from './permission-exercise.ts';
import { expectAllNeeded, expectAllowed } from './permission-expectations.ts';

export function describePermissions(
  declared: FunctionPermissions,
  definition: () => FunctionDefinition,
  scenarios: readonly Scenario[],
): void {
  describe(`${declared.function} permissions`, () => {
    const all: ApiAccess[] = [];

    for (const scenario of scenarios) {
      it(`${scenario.name}: every call is granted`, async () => {
        const { accesses } = await runScenario(definition(), scenario);
        expect(accesses.length).toBeGreaterThan(0);
        expectAllowed(declared, accesses);
        all.push(...accesses);
      });
    }

    it('every granted permission is needed by some scenario', () => {
      expect(all.length, 'the scenarios above must have run first').toBeGreaterThan(0);
      expectAllNeeded(declared, all);
    });
  });
}
