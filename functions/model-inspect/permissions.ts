/**
 * What model-inspect may do in the cluster: its role is generated from this table
 * (`npm run gen:rbac` → manifests/rbac/model-inspect.yaml), and tests check that the function's
 * code needs every entry and nothing outside it (docs/operations.md, "Least privilege").
 */
import { AIM_GROUP } from '../../shared/api/group.ts';
import { clusterWide, type FunctionPermissions, withInformedKinds } from '../../shared/rbac/permission.ts';
import { wakeSchedulePermission } from '../../shared/timed-work/wake-permission.ts';
import { informedKinds } from './informed-kinds.ts';

export const permissions: FunctionPermissions = {
  function: 'model-inspect',
  permissions: withInformedKinds(
    [
      clusterWide(
        AIM_GROUP,
        'aimmodels',
        ['get', 'list'],
        'reads each model; resync and runtime-config events list them',
      ),
      clusterWide(AIM_GROUP, 'aimmodels/status', ['patch'], 'writes model status (server-side apply)'),
      clusterWide(
        AIM_GROUP,
        'aimclustermodels',
        ['get', 'list', 'create', 'patch'],
        'reads each cluster model; resync lists them; a model source lists the models it created and applies new ones',
      ),
      clusterWide(AIM_GROUP, 'aimclustermodels/status', ['patch'], 'writes cluster model status'),
      clusterWide(
        AIM_GROUP,
        'aimservicetemplates',
        ['get', 'list', 'create', 'patch'],
        'applies the templates a model generates; lists a model’s templates; reads a template a Reference-mode event names',
      ),
      clusterWide(
        AIM_GROUP,
        'aimclusterservicetemplates',
        ['get', 'list', 'create', 'patch'],
        'the same for cluster models and their cluster templates',
      ),
      clusterWide(
        AIM_GROUP,
        'aimclustermodelsources',
        ['get', 'list'],
        'reads each cluster model source; resync lists them',
      ),
      clusterWide(AIM_GROUP, 'aimclustermodelsources/status', ['patch'], 'writes model source status'),
      clusterWide(AIM_GROUP, 'aimruntimeconfigs', ['get'], 'the runtime config a model uses'),
      clusterWide(AIM_GROUP, 'aimclusterruntimeconfigs', ['get'], 'the cluster runtime config a model uses'),
      clusterWide(
        '',
        'secrets',
        ['get'],
        'image pull secrets of a model (its namespace, or the operator namespace for cluster models and model sources)',
      ),
      clusterWide('', 'events', ['create'], 'Kubernetes Events on condition transitions'),
      wakeSchedulePermission(),
    ],
    informedKinds,
  ),
};
