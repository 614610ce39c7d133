import type { KubeObject } from '../../shared/kube/types.ts';
import { yamlObjects } from '../../shared/kube/yaml-objects.ts';
import { kserveModuleFile } from '../control-plane/third-party-crds.ts';

interface WebhookEntry {
  clientConfig: { service?: { path?: string }; url?: string; caBundle?: string };
}

/**
 * KServe's own Mutating/ValidatingWebhookConfigurations as its release ships them (defaulting and
 * validation of InferenceServices, the pod mutator, runtime validators), with each webhook's
 * Service reference replaced by the loopback URL the manager serves on: there is no Service
 * network here, and the API server calls the same paths.
 */
export function webhookConfigurations(
  port: number,
  caPem: string,
  shipped = kserveModuleFile('config/webhook/manifests.yaml'),
): KubeObject[] {
  const caBundle = Buffer.from(caPem).toString('base64');
  return yamlObjects(shipped).map((configuration) => {
    const webhooks = (configuration.webhooks as WebhookEntry[]).map((webhook) => {
      const path = webhook.clientConfig.service?.path ?? '/';
      return { ...webhook, clientConfig: { url: `https://127.0.0.1:${port}${path}`, caBundle } };
    });
    const { creationTimestamp: _, ...metadata } = configuration.metadata as KubeObject['metadata'] & {
      creationTimestamp?: unknown;
    };
    return { ...configuration, metadata, webhooks };
  });
}
