import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { helmTemplate, WARM } from './helm-chart.ts';
import { renderedManifests } from './rendered-manifests.ts';

/**
 * The Helm chart and the kustomize tree are one install: `helm template` with the default values
 * renders the objects `kubectl kustomize manifests/` does (and the warm mode as a value, those of
 * overlays/warm), each the same object — CRD schemas, RBAC rules, Knative Services, Triggers,
 * sources, ConfigMap — apart from what only Helm adds (its labels, the CRDs' keep policy).
 */
const HELM_LABELS = [
  'app.kubernetes.io/managed-by',
  'app.kubernetes.io/instance',
  'app.kubernetes.io/version',
  'helm.sh/chart',
];

const key = (object: KubeObject) =>
  `${object.kind} ${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}`;

/** The chart's object without what Helm adds on top of the kustomize one. */
function withoutHelmAdditions(object: KubeObject): KubeObject {
  const copy = structuredClone(object);
  const labels = copy.metadata.labels as Record<string, string> | undefined;
  for (const label of HELM_LABELS) delete labels?.[label];
  const annotations = copy.metadata.annotations as Record<string, string> | undefined;
  delete annotations?.['helm.sh/resource-policy'];
  if (annotations && Object.keys(annotations).length === 0) delete copy.metadata.annotations;
  // Kustomize leaves the pull policy to the API server's default, which is this for a tagged image.
  for (const container of copy.spec?.template?.spec?.containers ?? []) {
    if (container.imagePullPolicy === 'IfNotPresent') delete container.imagePullPolicy;
  }
  return copy;
}

function byKey(objects: readonly KubeObject[]): Map<string, KubeObject> {
  return new Map(objects.map((object) => [key(object), object]));
}

describe.each([
  { mode: 'scale to zero', helmArgs: [], kustomizeDir: 'manifests' },
  { mode: 'warm', helmArgs: WARM, kustomizeDir: 'manifests/overlays/warm' },
])('the chart’s default values ($mode) and kustomize', ({ helmArgs, kustomizeDir }) => {
  const chart = byKey(helmTemplate(helmArgs));
  // The chart installs into its release namespace (`--create-namespace`), it does not own it.
  const kustomize = byKey(renderedManifests(kustomizeDir).filter((object) => object.kind !== 'Namespace'));

  it('render the same objects (kind, namespace, name)', () => {
    expect(chart.size).toBeGreaterThan(40);
    expect([...chart.keys()].sort()).toEqual([...kustomize.keys()].sort());
  });

  it('render each object the same, apart from what Helm adds', () => {
    const differing = [...kustomize].filter(
      ([name, object]) =>
        JSON.stringify(sorted(withoutHelmAdditions(chart.get(name) as KubeObject))) !==
        JSON.stringify(sorted(object)),
    );
    // The first difference in full, for the one who has to fix it.
    if (differing.length > 0) {
      const [name, object] = differing[0] as [string, KubeObject];
      expect(withoutHelmAdditions(chart.get(name) as KubeObject), name).toEqual(object);
    }
    expect(differing.map(([name]) => name)).toEqual([]);
  });

  it('every chart object carries the label the SinkBinding and `kubectl … -l` select on', () => {
    for (const object of chart.values())
      expect(object.metadata.labels?.['app.kubernetes.io/part-of'], key(object)).toBe('aim-engine');
  });
});

/** Map keys sorted at every level (arrays kept in order): equal objects print the same. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    );
  return value;
}
