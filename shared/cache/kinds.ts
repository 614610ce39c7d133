/**
 * The kinds a function may keep in memory (`FunctionDefinition.informedKinds`), named once. A
 * function's role gets `list` and `watch` on each kind it informs (`withInformedKinds`).
 */
import { AIM_API_VERSION } from '../api/group.ts';
import { KSERVE_LABELS } from '../constants/kserve.ts';
import { K8S_LABELS, LABEL_VALUES, LABELS } from '../constants/labels.ts';
import { ARTIFACT_STATUS_UPDATER_NAME } from '../constants/limits.ts';
import { POD_EVENTS_FIELD_SELECTOR } from '../constants/pod-conditions.ts';
import type { InformedKind } from './informer.ts';

/** What an artifact's Jobs carry (their builder sets it) and pass on to their pods: the artifact's name. */
export const ARTIFACT_CHILD = LABELS.cacheName;

const aim = (kind: string): InformedKind => ({ gvk: { apiVersion: AIM_API_VERSION, kind } });

export const INFORMED = {
  services: aim('AIMService'),
  models: aim('AIMModel'),
  clusterModels: aim('AIMClusterModel'),
  clusterModelSources: aim('AIMClusterModelSource'),
  templates: aim('AIMServiceTemplate'),
  clusterTemplates: aim('AIMClusterServiceTemplate'),
  runtimeConfigs: aim('AIMRuntimeConfig'),
  clusterRuntimeConfigs: aim('AIMClusterRuntimeConfig'),
  templateCaches: aim('AIMTemplateCache'),
  artifacts: aim('AIMArtifact'),
  nodes: { gvk: { apiVersion: 'v1', kind: 'Node' } },
  persistentVolumeClaims: { gvk: { apiVersion: 'v1', kind: 'PersistentVolumeClaim' } },
  inferenceServices: { gvk: { apiVersion: 'serving.kserve.io/v1beta1', kind: 'InferenceService' } },
  httpRoutes: { gvk: { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' } },
  /** KServe's predictor pods (their label names the InferenceService). */
  predictorPods: { gvk: { apiVersion: 'v1', kind: 'Pod' }, labelSelector: KSERVE_LABELS.inferenceService },
  /** Events about InferenceServices (KServe's warnings surface on the AIMService). */
  inferenceServiceEvents: {
    gvk: { apiVersion: 'v1', kind: 'Event' },
    fieldSelector: 'involvedObject.kind=InferenceService',
  },
  /** Events about Pods that say why a predictor or download pod is Pending (not the routine ones). */
  podEvents: { gvk: { apiVersion: 'v1', kind: 'Event' }, fieldSelector: POD_EVENTS_FIELD_SELECTOR },
  /** The one RoleBinding per namespace that lets download pods report progress (spec §12.1). */
  artifactStatusUpdaterBindings: {
    gvk: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding' },
    fieldSelector: `metadata.name=${ARTIFACT_STATUS_UPDATER_NAME}`,
  },
  /** The check-size and download Jobs of artifacts, and their pods (the Jobs pass the label on). */
  artifactJobs: { gvk: { apiVersion: 'batch/v1', kind: 'Job' }, labelSelector: ARTIFACT_CHILD },
  artifactPods: { gvk: { apiVersion: 'v1', kind: 'Pod' }, labelSelector: ARTIFACT_CHILD },
  discoveryJobs: {
    gvk: { apiVersion: 'batch/v1', kind: 'Job' },
    labelSelector: `${K8S_LABELS.name}=${LABEL_VALUES.discoveryAppName}`,
  },
} as const satisfies Record<string, InformedKind>;
