/** Assertions comparing a function's recorded API calls with its declared permissions. */
import { expect } from 'vitest';
import { type ApiAccess, describeAccess } from '../../../shared/kube/api-access.ts';
import { deniedAccesses, describeUnneeded, unneededGrants } from '../../../shared/rbac/authorize.ts';
import type { FunctionPermissions } from '../../../shared/rbac/permission.ts';

export const OPERATOR_NAMESPACE = 'aim-system';

/** Fails with the calls the function made that its role would answer with 403. */
export function expectAllowed(declared: FunctionPermissions, accesses: readonly ApiAccess[]): void {
  const denied = deniedAccesses(declared.permissions, accesses, OPERATOR_NAMESPACE).map(describeAccess);
  expect(
    denied,
    `${declared.function} made calls its role does not grant; add them to functions/${declared.function}/permissions.ts and run npm run gen:rbac`,
  ).toEqual([]);
}

/** Fails with the grants no recorded call needed. */
export function expectAllNeeded(declared: FunctionPermissions, accesses: readonly ApiAccess[]): void {
  const unneeded = unneededGrants(declared.permissions, accesses, OPERATOR_NAMESPACE).map(describeUnneeded);
  expect(
    unneeded,
    `functions/${declared.function}/permissions.ts grants what no exercised code path uses; drop it (or add the scenario that needs it)`,
  ).toEqual([]);
}
