/**
 * What service-resolve may do in the cluster: its role is generated from this table
 * (`npm run gen:rbac` → manifests/rbac/service-resolve.yaml), and tests check that the function's
 * code needs every entry and nothing outside it (docs/operations.md, "Least privilege").
 */
import { AIM_GROUP } from '../../shared/api/group.ts';
import { clusterWide, type FunctionPermissions, withInformedKinds } from '../../shared/rbac/permission.ts';
import { wakeSchedulePermission } from '../../shared/timed-work/wake-permission.ts';
import { informedKinds } from './informed-kinds.ts';

export const permissions: FunctionPermissions = {
  function: 'service-resolve',
  permissions: withInformedKinds(
    [
      clusterWide(
        AIM_GROUP,
        'aimservices',
        ['get', 'list', 'patch'],
        'reads each service; lists them for resync and dependent events; adds/removes its finalizer (merge patch)',
      ),
      clusterWide(
        AIM_GROUP,
        'aimservices/status',
        ['patch'],
        'applies its own conditions and resolution fields',
      ),
      clusterWide(
        AIM_GROUP,
        'aimmodels',
        ['get', 'list', 'create', 'patch'],
        'resolves a service’s model; applies the auto-created model of an image or custom model',
      ),
      clusterWide(AIM_GROUP, 'aimclustermodels', ['get', 'list'], 'resolves a service’s model cluster-wide'),
      clusterWide(
        AIM_GROUP,
        'aimservicetemplates',
        ['get', 'list', 'create', 'patch'],
        'resolves and selects templates; applies the derived template of spec.overrides',
      ),
      clusterWide(
        AIM_GROUP,
        'aimclusterservicetemplates',
        ['get', 'list'],
        'resolves and selects cluster templates',
      ),
      clusterWide(
        AIM_GROUP,
        'aimtemplatecaches',
        ['list', 'delete'],
        'the finalizer deletes a service’s unready caches',
      ),
      clusterWide(AIM_GROUP, 'aimruntimeconfigs', ['get'], 'the runtime config a service uses'),
      clusterWide(
        AIM_GROUP,
        'aimruntimeconfigs/status',
        ['patch'],
        'gives each runtime config its status: Ready, or Failed naming the invalid field',
      ),
      clusterWide(
        AIM_GROUP,
        'aimclusterruntimeconfigs',
        ['get'],
        'the cluster runtime config a service uses',
      ),
      clusterWide(
        AIM_GROUP,
        'aimclusterruntimeconfigs/status',
        ['patch'],
        'gives each cluster runtime config its status: Ready, or Failed naming the invalid field',
      ),
      clusterWide('', 'namespaces', ['get'], 'the finalizer skips cleanup in a terminating namespace'),
      clusterWide('', 'nodes', ['list'], 'GPU models present in the cluster rank auto-selected templates'),
      clusterWide(
        'serving.kserve.io',
        'inferenceservices',
        ['get'],
        'a running service keeps its template while no other is selectable',
      ),
      clusterWide('', 'events', ['create'], 'Kubernetes Events on condition transitions'),
      wakeSchedulePermission(),
    ],
    informedKinds,
  ),
};
