/**
 * The `Model` component of an AIMService (spec §10.3 table). The model is an upstream dependency:
 * while it is merely not ready the service is Pending; a failed model fails the service.
 */
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../../constants/service-conditions.ts';
import { type ComponentHealth, DEPENDENCY_TYPES } from '../../reconcile/health.ts';
import { describeResolved, objectStatus, withReadyMessage } from '../resolved-object.ts';
import type { ModelResolution } from './resolve-model.ts';

const component = SERVICE_COMPONENTS.model;
const upstream = DEPENDENCY_TYPES.upstream;

export function modelHealth(resolution: ModelResolution): ComponentHealth {
  switch (resolution.kind) {
    case 'error':
      return { component, state: 'Failed', errors: [resolution.error], dependencyType: upstream };
    case 'create':
      // The service creates it: waiting for it is the service's own doing, hence downstream.
      return {
        component,
        state: 'Pending',
        reason: SERVICE_REASONS.creatingModel,
        message: resolution.message,
        errors: [],
        dependencyType: DEPENDENCY_TYPES.downstream,
      };
    case 'found': {
      const name = describeResolved(resolution.model);
      const status = objectStatus(resolution.model.object);
      const notReady = { reason: SERVICE_REASONS.modelNotReady, errors: [], dependencyType: upstream };
      switch (status) {
        case 'Ready':
          return {
            component,
            state: 'Ready',
            reason: SERVICE_REASONS.modelResolved,
            message: `${name} is ready`,
            errors: [],
            dependencyType: upstream,
          };
        case 'Failed':
        case 'Degraded':
          return {
            component,
            state: 'Failed',
            message: withReadyMessage(`${name} is in failed state`, resolution.model.object),
            ...notReady,
          };
        case 'Pending':
        case 'Progressing':
          return { component, state: 'Progressing', message: `${name} is not ready yet`, ...notReady };
        default:
          return {
            component,
            state: 'Progressing',
            message: `${name} is not ready yet (status: ${status || 'not set'})`,
            ...notReady,
          };
      }
    }
  }
}
