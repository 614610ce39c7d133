/** Shared fixtures for the model reconciler tests. */
import { AIM_API_VERSION } from '../../../shared/api/group.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import type { ImageInspector } from '../../../shared/models/image-metadata-source.ts';
import type { EventRecorder, ReconcileContext } from '../../../shared/reconcile/reconciler.ts';
import type { ImageInspection } from '../../../shared/registry/client.ts';
import type { RegistryCredentials } from '../../../shared/registry/credentials.ts';
import type { RegistryReference } from '../../../shared/registry/reference.ts';
import type { FakeKubeClient } from '../../support/fake-kube.ts';
import { testContext } from '../../support/reconcile-context.ts';

export const NOW = new Date('2026-05-01T12:00:00Z');

export function dockerSecret(
  name: string,
  namespace: string,
  auths: Record<string, unknown>,
  type = 'kubernetes.io/dockerconfigjson',
): KubeObject {
  const key = type === 'kubernetes.io/dockercfg' ? '.dockercfg' : '.dockerconfigjson';
  const body = type === 'kubernetes.io/dockercfg' ? auths : { auths };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name, namespace },
    type,
    data: { [key]: Buffer.from(JSON.stringify(body)).toString('base64') },
  };
}

/** Answers per image reference (as written); records every call. */
export class FakeInspector implements ImageInspector {
  readonly answers = new Map<string, ImageInspection | Error>();
  readonly calls: { image: string; credentials: RegistryCredentials | undefined }[] = [];

  set(image: string, answer: ImageInspection | Error): this {
    this.answers.set(image, answer);
    return this;
  }

  async inspect(ref: RegistryReference, credentials?: RegistryCredentials): Promise<ImageInspection> {
    this.calls.push({ image: ref.image, credentials });
    const answer = this.answers.get(ref.image);
    if (answer === undefined) throw new Error(`no fake answer for ${ref.image}`);
    if (answer instanceof Error) throw answer;
    return structuredClone(answer);
  }
}

export function labelsInspection(labels: Record<string, string>): ImageInspection {
  return { digest: `sha256:${'1'.repeat(64)}`, labels, annotations: {} };
}

export function recorder(): EventRecorder & {
  events: { type: string; reason: string; message: string; name: string }[];
} {
  const events: { type: string; reason: string; message: string; name: string }[] = [];
  return {
    events,
    async record(obj, type, reason, message) {
      events.push({ type, reason, message, name: obj.metadata.name });
    },
  };
}

export function context(client: FakeKubeClient, extra: Partial<ReconcileContext> = {}): ReconcileContext {
  return testContext(client, { fieldManager: 'aim-model-inspect', now: () => NOW, ...extra });
}

export function modelObject(
  kind: 'AIMModel' | 'AIMClusterModel',
  name: string,
  spec: Record<string, unknown>,
  namespace?: string,
): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}), generation: 1 },
    spec,
  };
}

export function conditionOf(object: KubeObject | undefined, type: string) {
  return (object?.status?.conditions ?? []).find((condition: { type: string }) => condition.type === type) as
    | { type: string; status: string; reason: string; message: string }
    | undefined;
}
