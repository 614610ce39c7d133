import { describe, expect, it } from 'vitest';
import { inferenceServiceConfig } from '../../../../local/kserve/inferenceservice-config.ts';
import { kserveModeFromArgs, parseKServeMode } from '../../../../local/kserve/kserve-mode.ts';
import { acceptEmptyUpgradeStrategy } from '../../../../local/kserve/otel-collector-crd.ts';
import { webhookConfigurations } from '../../../../local/kserve/webhook-configurations.ts';

/** The shape of KServe's shipped files, cut down to what the merge touches. */
const SHIPPED_CONFIG = `apiVersion: v1
kind: ConfigMap
metadata:
  name: inferenceservice-config
  namespace: kserve
data:
  _example: |-
    # comments stay as they are
  deploy: |-
    { "defaultDeploymentMode": "Serverless" }
  ingress: |-
    { "enableGatewayApi": false, "ingressDomain": "example.com", "disableIngressCreation": false }
  inferenceService: |-
    { "resource": { "cpuLimit": "1", "memoryLimit": "2Gi", "cpuRequest": "1", "memoryRequest": "2Gi" } }
`;

const SHIPPED_WEBHOOKS = `apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  creationTimestamp: null
  name: inferenceservice.serving.kserve.io
webhooks:
  - clientConfig:
      service:
        name: $(webhookServiceName)
        namespace: $(kserveNamespace)
        path: /mutate-pods
    failurePolicy: Fail
    name: inferenceservice.kserve-webhook-server.pod-mutator
    objectSelector:
      matchExpressions:
        - key: serving.kserve.io/inferenceservice
          operator: Exists
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: inferenceservice.serving.kserve.io
webhooks:
  - clientConfig:
      service:
        name: $(webhookServiceName)
        namespace: $(kserveNamespace)
        path: /validate-serving-kserve-io-v1beta1-inferenceservice
    failurePolicy: Fail
    name: inferenceservice.kserve-webhook-server.validator
`;

describe("the local cluster's KServe configuration", () => {
  it('is the shipped ConfigMap with Standard mode, no KServe ingress and no default CPU limit', () => {
    const config = inferenceServiceConfig(SHIPPED_CONFIG);
    const data = config.data as Record<string, string>;
    expect(JSON.parse(data.deploy ?? '')).toEqual({ defaultDeploymentMode: 'Standard' });
    expect(JSON.parse(data.ingress ?? '')).toEqual({
      enableGatewayApi: false,
      ingressDomain: 'example.com',
      disableIngressCreation: true,
      disableIstioVirtualHost: true,
    });
    // Only the CPU limit goes: the other defaults of the shipped file are kept.
    expect(JSON.parse(data.inferenceService ?? '')).toEqual({
      resource: { cpuLimit: '', memoryLimit: '2Gi', cpuRequest: '1', memoryRequest: '2Gi' },
    });
    expect(data._example).toBe('# comments stay as they are');
    expect(config.metadata).toEqual({ name: 'inferenceservice-config', namespace: 'kserve' });
  });

  it("registers KServe's webhooks at the loopback port with the cluster's CA, keeping their rules", () => {
    const [mutating, validating] = webhookConfigurations(9443, 'PEM', SHIPPED_WEBHOOKS);
    expect(mutating?.metadata).toEqual({ name: 'inferenceservice.serving.kserve.io' });
    expect(mutating?.webhooks).toEqual([
      {
        clientConfig: {
          url: 'https://127.0.0.1:9443/mutate-pods',
          caBundle: Buffer.from('PEM').toString('base64'),
        },
        failurePolicy: 'Fail',
        name: 'inferenceservice.kserve-webhook-server.pod-mutator',
        objectSelector: {
          matchExpressions: [{ key: 'serving.kserve.io/inferenceservice', operator: 'Exists' }],
        },
      },
    ]);
    expect(validating?.webhooks).toMatchObject([
      { clientConfig: { url: 'https://127.0.0.1:9443/validate-serving-kserve-io-v1beta1-inferenceservice' } },
    ]);
  });

  it('takes --kserve=real or simulated, real by default, and refuses anything else by name', () => {
    expect(kserveModeFromArgs(['--warm'])).toBe('real');
    expect(kserveModeFromArgs(['--kserve=simulated'])).toBe('simulated');
    expect(parseKServeMode('real')).toBe('real');
    expect(() => parseKServeMode('fake')).toThrow('--kserve must be one of real, simulated, not "fake"');
  });
});

describe("the OpenTelemetry collector CRD, without the operator's defaulting webhook", () => {
  it('accepts the empty upgradeStrategy KServe writes, and keeps the other values', () => {
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'opentelemetrycollectors.opentelemetry.io' },
      spec: {
        versions: [
          {
            name: 'v1beta1',
            schema: {
              openAPIV3Schema: {
                properties: {
                  spec: { properties: { upgradeStrategy: { enum: ['automatic', 'none'], type: 'string' } } },
                },
              },
            },
          },
        ],
      },
    };
    const adjusted = acceptEmptyUpgradeStrategy(crd);
    expect(
      adjusted.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.upgradeStrategy,
    ).toEqual({
      enum: ['automatic', 'none', ''],
      type: 'string',
    });
    expect(
      crd.spec.versions[0]?.schema.openAPIV3Schema.properties.spec.properties.upgradeStrategy.enum,
    ).toEqual(['automatic', 'none']);
  });
});
