/**
 * What cache-manage may do in the cluster: its role is generated from this table
 * (`npm run gen:rbac` → manifests/rbac/cache-manage.yaml), and tests check that the function's
 * code needs every entry and nothing outside it (docs/operations.md, "Least privilege").
 */
import { AIM_GROUP } from '../../shared/api/group.ts';
import { ARTIFACT_STATUS_UPDATER_NAME } from '../../shared/constants/limits.ts';
import { clusterWide, type FunctionPermissions, withInformedKinds } from '../../shared/rbac/permission.ts';
import { wakeSchedulePermission } from '../../shared/timed-work/wake-permission.ts';
import { informedKinds } from './informed-kinds.ts';

export const permissions: FunctionPermissions = {
  function: 'cache-manage',
  permissions: withInformedKinds(
    [
      clusterWide(
        AIM_GROUP,
        'aimtemplatecaches',
        ['get', 'list', 'create', 'patch'],
        'applies a service’s template cache; adds/removes the cache finalizer; finds the caches an event concerns',
      ),
      clusterWide(AIM_GROUP, 'aimtemplatecaches/status', ['patch'], 'writes template cache status'),
      clusterWide(
        AIM_GROUP,
        'aimartifacts',
        ['get', 'list', 'create', 'patch', 'delete'],
        'applies a cache’s artifacts; the cache finalizer deletes its unfinished ones',
      ),
      clusterWide(AIM_GROUP, 'aimartifacts/status', ['patch'], 'writes artifact status'),
      clusterWide(
        AIM_GROUP,
        'aimservices',
        ['get', 'list'],
        'reads each service; finds the services an event concerns',
      ),
      clusterWide(AIM_GROUP, 'aimservicetemplates', ['get'], 'the template a cache is built for'),
      clusterWide(
        AIM_GROUP,
        'aimclusterservicetemplates',
        ['get'],
        'the cluster template a cache is built for',
      ),
      clusterWide(AIM_GROUP, 'aimruntimeconfigs', ['get'], 'the runtime config of a cache or artifact'),
      clusterWide(AIM_GROUP, 'aimclusterruntimeconfigs', ['get'], 'the cluster runtime config'),
      clusterWide(
        'serving.kserve.io',
        'inferenceservices',
        ['get'],
        'whether a service’s InferenceService lost its cache',
      ),
      clusterWide(
        'batch',
        'jobs',
        ['get', 'create', 'patch'],
        'applies and watches the check-size and download Jobs',
      ),
      clusterWide('', 'pods', ['get', 'list'], 'the Jobs’ pods; reads the one a Reference-mode event names'),
      clusterWide('', 'pods/log', ['get'], 'the check-size output and the log tail of a failed download'),
      clusterWide(
        '',
        'persistentvolumeclaims',
        ['get', 'create', 'patch'],
        'applies the PVC each artifact downloads into',
      ),
      clusterWide(
        'rbac.authorization.k8s.io',
        'rolebindings',
        ['get', 'create', 'patch'],
        `applies the RoleBinding ${ARTIFACT_STATUS_UPDATER_NAME} that lets download pods report progress`,
      ),
      clusterWide(
        'rbac.authorization.k8s.io',
        'clusterroles',
        ['bind'],
        'binding a role needs bind on it unless the binder holds all its permissions',
        { resourceNames: [ARTIFACT_STATUS_UPDATER_NAME] },
      ),
      clusterWide('', 'namespaces', ['get'], 'the cache finalizer skips cleanup in a terminating namespace'),
      clusterWide('', 'events', ['list', 'create'], 'scheduling Events of a pending pod; records its own'),
      wakeSchedulePermission(),
    ],
    informedKinds,
  ),
};
