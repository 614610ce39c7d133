import { describe, expect, it } from 'vitest';
import { AIMClusterServiceTemplateSchema } from '../../../shared/api/aim-cluster-service-template.ts';
import { AIMServiceTemplateSchema } from '../../../shared/api/aim-service-template.ts';
import { isValidLabelValue } from '../../../shared/kube/objects.ts';
import { buildDiscoveryJob, discoveryEnv } from '../../../shared/templates/discovery-job.ts';
import { CLUSTER_TEMPLATE, NAMESPACED_TEMPLATE } from '../../../shared/templates/scope.ts';
import { clusterTemplate, IMAGE, template } from './fixtures.ts';

function parsedTemplate(
  spec: Record<string, unknown>,
  name = 'llama-mi300x',
  labels?: Record<string, string>,
) {
  const object = template(name, spec, labels ? { labels } : {});
  object.metadata.uid = 'uid-t';
  return { object, template: AIMServiceTemplateSchema().parse(object) };
}

describe('discovery job (spec §8.4)', () => {
  const spec = {
    metric: 'latency',
    precision: 'fp8',
    hardware: { gpu: { requests: 2, model: 'MI300X' } },
    profileId: 'vllm-mi300x-fp8-tp2-latency',
    env: [
      { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } },
      { name: 'EXTRA', value: '1' },
    ],
  };

  it('has the exact upstream shape', () => {
    const { object, template: parsed } = parsedTemplate(spec, 'llama-mi300x', {
      'aim.eai.amd.com/origin': 'auto-generated',
      team: 'x',
    });
    const job = buildDiscoveryJob({
      scope: NAMESPACED_TEMPLATE,
      template: parsed,
      object,
      model: { image: IMAGE, imagePullSecrets: [{ name: 'regcred' }], serviceAccountName: 'model-sa' },
      namespace: 'team-a',
    });
    expect(job.metadata).toEqual({
      name: expect.stringMatching(/^discover-llama-mi300x-[0-9a-f]{8}$/),
      namespace: 'team-a',
      labels: {
        'app.kubernetes.io/name': 'aim-discovery',
        'app.kubernetes.io/component': 'discovery',
        'app.kubernetes.io/managed-by': 'aim-controller',
        'aim.eai.amd.com/template': 'llama-mi300x',
        'aim.eai.amd.com/origin': 'auto-generated',
        'aim.eai.amd.com/service-template.name': 'llama-mi300x',
      },
      ownerReferences: [
        {
          apiVersion: 'aim.eai.amd.com/v1alpha1',
          kind: 'AIMServiceTemplate',
          name: 'llama-mi300x',
          uid: 'uid-t',
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    });
    expect(job.spec).toEqual({
      backoffLimit: 0,
      ttlSecondsAfterFinished: 60,
      template: {
        metadata: {
          labels: {
            'aim.eai.amd.com/template': 'llama-mi300x',
            'aim.eai.amd.com/origin': 'auto-generated',
            'aim.eai.amd.com/service-template.name': 'llama-mi300x',
            'app.kubernetes.io/name': 'aim-discovery',
            'app.kubernetes.io/component': 'discovery',
          },
        },
        spec: {
          restartPolicy: 'Never',
          imagePullSecrets: [{ name: 'regcred' }],
          serviceAccountName: 'model-sa',
          securityContext: {
            runAsNonRoot: true,
            runAsUser: 65532,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [
            {
              name: 'discovery',
              image: IMAGE,
              args: ['dry-run', '--format=json'],
              env: [
                { name: 'AIM_LOG_LEVEL_ROOT', value: 'CRITICAL' },
                { name: 'AIM_LOG_LEVEL', value: 'CRITICAL' },
                { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } },
                { name: 'EXTRA', value: '1' },
                { name: 'AIM_METRIC', value: 'latency' },
                { name: 'AIM_PRECISION', value: 'fp8' },
                { name: 'AIM_GPU_MODEL', value: 'MI300X' },
                { name: 'AIM_GPU_COUNT', value: '2' },
                { name: 'AIM_PROFILE_ID', value: 'vllm-mi300x-fp8-tp2-latency' },
              ],
              securityContext: {
                allowPrivilegeEscalation: false,
                runAsNonRoot: true,
                capabilities: { drop: ['ALL'] },
              },
            },
          ],
        },
      },
    });
  });

  it('passes no template env for cluster templates and runs in the namespace it is given', () => {
    const object = clusterTemplate('llama-c', { metric: 'throughput', env: [{ name: 'X', value: '1' }] });
    object.metadata.uid = 'uid-c';
    const parsed = AIMClusterServiceTemplateSchema().parse(object);
    const job = buildDiscoveryJob({
      scope: CLUSTER_TEMPLATE,
      template: parsed,
      object,
      model: { image: IMAGE },
      namespace: 'aim-system',
    });
    expect(job.metadata.namespace).toBe('aim-system');
    expect(job.metadata.labels?.['aim.eai.amd.com/cluster-service-template.name']).toBe('llama-c');
    expect(job.spec.template.spec.containers[0].env.map((env: { name: string }) => env.name)).toEqual([
      'AIM_LOG_LEVEL_ROOT',
      'AIM_LOG_LEVEL',
      'AIM_METRIC',
    ]);
    expect(job.spec.template.spec.serviceAccountName).toBeUndefined();
    expect(job.spec.template.spec.imagePullSecrets).toBeUndefined();
  });

  it('keeps the name a valid label value for the longest template names', () => {
    const { object, template: parsed } = parsedTemplate({}, 'x'.repeat(63));
    const job = buildDiscoveryJob({
      scope: NAMESPACED_TEMPLATE,
      template: parsed,
      object,
      model: { image: IMAGE },
      namespace: 'team-a',
    });
    expect(job.metadata.name.length).toBeLessThanOrEqual(63);
    expect(isValidLabelValue(job.metadata.name)).toBe(true);
  });

  it('omits the GPU count for zero requests and the selectors that are not set', () => {
    const { template: parsed } = parsedTemplate({ hardware: { gpu: { requests: 0, model: 'MI325X' } } });
    expect(discoveryEnv(NAMESPACED_TEMPLATE, parsed).map((env) => env.name)).toEqual([
      'AIM_LOG_LEVEL_ROOT',
      'AIM_LOG_LEVEL',
      'AIM_GPU_MODEL',
    ]);
  });
});
