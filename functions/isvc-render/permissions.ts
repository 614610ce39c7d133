/**
 * What isvc-render may do in the cluster: its role is generated from this table
 * (`npm run gen:rbac` → manifests/rbac/isvc-render.yaml), and tests check that the function's
 * code needs every entry and nothing outside it (docs/operations.md, "Least privilege").
 */
import { AIM_GROUP } from '../../shared/api/group.ts';
import { clusterWide, type FunctionPermissions, withInformedKinds } from '../../shared/rbac/permission.ts';
import { wakeSchedulePermission } from '../../shared/timed-work/wake-permission.ts';
import { informedKinds } from './informed-kinds.ts';

const SWEEP = 'a resync sweep lists the kind once instead of reading it per service';

export const permissions: FunctionPermissions = {
  function: 'isvc-render',
  permissions: withInformedKinds(
    [
      clusterWide(
        AIM_GROUP,
        'aimservices',
        ['get', 'list'],
        'reads each service; lists them for resync and dependent events',
      ),
      clusterWide(
        AIM_GROUP,
        'aimservices/status',
        ['patch'],
        'applies its conditions and the service summary',
      ),
      clusterWide(AIM_GROUP, 'aimmodels', ['get', 'list'], `the resolved model; ${SWEEP}`),
      clusterWide(AIM_GROUP, 'aimclustermodels', ['get', 'list'], `the resolved cluster model; ${SWEEP}`),
      clusterWide(AIM_GROUP, 'aimservicetemplates', ['get', 'list'], `the resolved template; ${SWEEP}`),
      clusterWide(
        AIM_GROUP,
        'aimclusterservicetemplates',
        ['get', 'list'],
        `the resolved cluster template; ${SWEEP}`,
      ),
      clusterWide(AIM_GROUP, 'aimtemplatecaches', ['get', 'list'], `the service's template cache; ${SWEEP}`),
      clusterWide(
        AIM_GROUP,
        'aimruntimeconfigs',
        ['get', 'list'],
        `the runtime config a service uses; ${SWEEP}`,
      ),
      clusterWide(
        AIM_GROUP,
        'aimclusterruntimeconfigs',
        ['get', 'list'],
        `the cluster runtime config; ${SWEEP}`,
      ),
      clusterWide(
        'serving.kserve.io',
        'inferenceservices',
        ['get', 'list', 'create', 'patch'],
        `applies each service's InferenceService; finds the owner of a predictor pod or HPA; ${SWEEP}`,
      ),
      clusterWide(
        'gateway.networking.k8s.io',
        'httproutes',
        ['get', 'list', 'create', 'patch', 'delete'],
        `applies the route of a service with routing; deletes it when routing is switched off; ${SWEEP}`,
      ),
      clusterWide(
        'autoscaling',
        'horizontalpodautoscalers',
        ['get', 'list'],
        `the KEDA HPA of an autoscaled service; reads the one a Reference-mode event names; ${SWEEP}`,
      ),
      clusterWide(
        '',
        'pods',
        ['get', 'list'],
        'predictor pods of an InferenceService; reads the one a Reference-mode event names',
      ),
      clusterWide('', 'pods/log', ['get'], 'log tail of a crash-looping predictor container'),
      clusterWide(
        '',
        'persistentvolumeclaims',
        ['get'],
        'whether the claims an InferenceService mounts still exist',
      ),
      clusterWide(
        '',
        'events',
        ['list', 'create'],
        'reads the Events about an InferenceService; records its own',
      ),
      wakeSchedulePermission(),
    ],
    informedKinds,
  ),
};
