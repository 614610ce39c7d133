/** Every function's declared permissions, for the RBAC generator and the permission tests. */
import type { FunctionPermissions } from '../shared/rbac/permission.ts';
import { permissions as cacheManage } from './cache-manage/permissions.ts';
import { permissions as isvcRender } from './isvc-render/permissions.ts';
import { permissions as modelInspect } from './model-inspect/permissions.ts';
import { permissions as serviceResolve } from './service-resolve/permissions.ts';
import { permissions as templateDiscover } from './template-discover/permissions.ts';

export const FUNCTION_PERMISSIONS: readonly FunctionPermissions[] = [
  modelInspect,
  templateDiscover,
  serviceResolve,
  cacheManage,
  isvcRender,
];

export function permissionsOf(name: string): FunctionPermissions {
  const found = FUNCTION_PERMISSIONS.find((declared) => declared.function === name);
  if (found === undefined) throw new Error(`no declared permissions for function ${name}`);
  return found;
}
