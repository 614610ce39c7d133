/**
 * What template-discover may do in the cluster: its role is generated from this table
 * (`npm run gen:rbac` → manifests/rbac/template-discover.yaml), and tests check that the function's
 * code needs every entry and nothing outside it (docs/operations.md, "Least privilege").
 */
import { AIM_GROUP } from '../../shared/api/group.ts';
import {
  clusterWide,
  type FunctionPermissions,
  inOperatorNamespace,
  withInformedKinds,
} from '../../shared/rbac/permission.ts';
import { wakeSchedulePermission } from '../../shared/timed-work/wake-permission.ts';
import { informedKinds } from './informed-kinds.ts';

const SWEEP = 'a resync sweep lists the kind once instead of reading it per template';

export const permissions: FunctionPermissions = {
  function: 'template-discover',
  permissions: withInformedKinds(
    [
      clusterWide(
        AIM_GROUP,
        'aimservicetemplates',
        ['get', 'list'],
        'reads each template (again under the discovery lock); lists them for resync and dependent events',
      ),
      clusterWide(AIM_GROUP, 'aimservicetemplates/status', ['patch'], 'writes template status'),
      clusterWide(AIM_GROUP, 'aimclusterservicetemplates', ['get', 'list'], 'the same for cluster templates'),
      clusterWide(
        AIM_GROUP,
        'aimclusterservicetemplates/status',
        ['patch'],
        'writes cluster template status',
      ),
      clusterWide(AIM_GROUP, 'aimmodels', ['get', 'list'], `a template's model; ${SWEEP}`),
      clusterWide(AIM_GROUP, 'aimclustermodels', ['get', 'list'], `a cluster template's model; ${SWEEP}`),
      clusterWide(
        AIM_GROUP,
        'aimruntimeconfigs',
        ['get', 'list'],
        `the runtime config a template uses; ${SWEEP}`,
      ),
      clusterWide(
        AIM_GROUP,
        'aimclusterruntimeconfigs',
        ['get', 'list'],
        `the cluster runtime config; ${SWEEP}`,
      ),
      clusterWide(
        AIM_GROUP,
        'aimtemplatecaches',
        ['list', 'create', 'patch'],
        'applies the cache a template with caching enabled owns',
      ),
      clusterWide(
        'batch',
        'jobs',
        ['get', 'list', 'create'],
        'creates discovery Jobs (cluster templates’ in the operator namespace); counts the active ones cluster-wide',
      ),
      clusterWide(
        '',
        'pods',
        ['get', 'list'],
        'a discovery Job’s pods; reads the one a Reference-mode event names',
      ),
      clusterWide('', 'pods/log', ['get'], 'the discovery output and the log tail of a failed pod'),
      clusterWide('', 'nodes', ['get', 'list'], 'the GPU inventory; the node a Reference-mode event names'),
      clusterWide('', 'events', ['list', 'create'], 'scheduling Events of a pending pod; records its own'),
      inOperatorNamespace(
        'coordination.k8s.io',
        'leases',
        ['get', 'create', 'update'],
        'the Lease that makes "count active discovery Jobs, then create one" atomic across instances',
      ),
      wakeSchedulePermission(),
    ],
    informedKinds,
  ),
};
