/** The two-way permission check every function's permissions.test.ts runs. */
import { describe, expect, it } from 'vitest';
import type { ApiAccess } from '../../../shared/kube/api-access.ts';
import type { FunctionPermissions } from '../../../shared/rbac/permission.ts';
import type { FunctionDefinition } from '../../../shared/runtime/define-function.ts';
import { wakePingSource } from '../../../shared/timed-work/wake-schedule.ts';
import { NOW } from './function-http-harness.ts';
import { runScenario, type Scenario } from './permission-exercise.ts';
import { expectAllNeeded, expectAllowed, OPERATOR_NAMESPACE } from './permission-expectations.ts';

/**
 * Every function's wake-up call: woken with nothing far off, it deletes its PingSource; one
 * whose wake-up call moved away (to next year) is set again by the work it hands over at shutdown.
 */
function timedWorkScenarios(functionName: string): Scenario[] {
  const wake = wakePingSource(functionName, OPERATOR_NAMESPACE, NOW.getTime() + 3_600_000);
  return [{ name: 'its wake-up call, with no timed work left', seed: [wake], steps: [{ event: 'wake' }] }];
}

export function describePermissions(
  declared: FunctionPermissions,
  definition: () => FunctionDefinition,
  scenarios: readonly Scenario[],
): void {
  describe(`${declared.function} permissions`, () => {
    const all: ApiAccess[] = [];

    for (const scenario of [...scenarios, ...timedWorkScenarios(declared.function)]) {
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
