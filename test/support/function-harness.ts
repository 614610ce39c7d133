/**
 * A function built with `defineFunction` for unit tests: a given client, a fixed clock, no initial
 * resync, and its log lines captured.
 */
import type { CloudEvent } from 'cloudevents';
import { AIM_API_VERSION } from '../../shared/api/group.ts';
import { CONTROLLER_NAMES } from '../../shared/constants/labels.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { createLogger } from '../../shared/observability/logger.ts';
import {
  defineFunction,
  type FunctionDefinition,
  type FunctionDependencies,
} from '../../shared/runtime/define-function.ts';
import { mapRuntimeConfigEvents } from '../../shared/runtime/runtime-config-dependents.ts';
import { shellReconciler } from '../../shared/runtime/shell-reconciler.ts';

/** An AIMModel the shell reconcilers below accept (generation 1, an image, no status). */
export function shellModel(name: string, namespace = 'team-a'): KubeObject {
  return {
    apiVersion: AIM_API_VERSION,
    kind: 'AIMModel',
    metadata: { name, namespace, generation: 1 },
    spec: { image: 'registry.example/llama:1' },
  };
}

/**
 * A function with model-inspect's name and kinds on shell reconcilers: these tests are about the
 * runtime, so they must not depend on (or reach the registries of) the real model domain logic.
 */
export const shellModelInspect: FunctionDefinition = {
  name: 'model-inspect',
  reconcilers: [
    shellReconciler({
      functionName: 'model-inspect',
      kind: 'AIMModel',
      controllerName: CONTROLLER_NAMES.model,
      runtimeConfigHealth: 'component',
    }),
    shellReconciler({
      functionName: 'model-inspect',
      kind: 'AIMClusterModel',
      controllerName: CONTROLLER_NAMES.clusterModel,
      runtimeConfigHealth: 'upstream',
    }),
  ],
  mapEvent: mapRuntimeConfigEvents,
};

export function testFunction(
  definition: FunctionDefinition,
  kube: KubeClient,
  now: Date,
  deps: FunctionDependencies = {},
) {
  const lines: string[] = [];
  const logger = createLogger({
    function: definition.name,
    level: 'debug',
    destination: { write: (l) => lines.push(l) },
  });
  const fn = defineFunction(definition, {
    createClient: () => kube,
    logger,
    now: () => now,
    operatorNamespace: 'aim-system',
    initialResync: false,
    ...deps,
  });
  /** Every captured log line, parsed. */
  const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const send = (event: CloudEvent<unknown>) => fn.handle({ cloudevent: event });
  return { fn, lines, records, send };
}
