/**
 * Runs a function the way faas-js-runtime does (its `handle` fed CloudEvents) against a seeded
 * in-memory Kubernetes whose client records every authorization request the function makes.
 * Permission tests drive each function through scenarios that reach every API call its code has,
 * then compare the union with the function's declared permissions in both directions.
 */
import { CloudEvent } from 'cloudevents';
import type { ApiAccess } from '../../../shared/kube/api-access.ts';
import { RecordingKubeClient } from '../../../shared/kube/recording-client.ts';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { createLogger } from '../../../shared/observability/logger.ts';
import { defineFunction, type FunctionDefinition } from '../../../shared/runtime/define-function.ts';
import { FakeKubeClient } from '../../support/fake-kube.ts';
import { WatchingFakeKubeClient } from '../../support/watching-fake-kube.ts';
import { NOW, referenceEvent, resourceEvent } from './function-http-harness.ts';

import { OPERATOR_NAMESPACE } from './permission-expectations.ts';

/** What reaches the function: an object event (add/update/delete), or a resync tick. */
export type ScenarioStep =
  | {
      event: 'add' | 'update' | 'delete';
      /** The event's object, or how to find it in the cluster when the step runs. */
      object: KubeObject | ((kube: FakeKubeClient) => KubeObject);
      reference?: boolean;
    }
  | { event: 'resync' }
  /** The function's own wake-up call (its wake PingSource fired). */
  | { event: 'wake' }
  /** Changes the cluster between events as another actor would (not recorded). */
  | { act: (kube: FakeKubeClient) => unknown };

export interface Scenario {
  name: string;
  seed: readonly KubeObject[];
  /** Pod logs by `namespace/pod/container`. */
  podLogs?: Readonly<Record<string, string>>;
  steps: readonly ScenarioStep[];
}

export function resyncTick(): CloudEvent<unknown> {
  return new CloudEvent<unknown>({
    type: 'dev.knative.sources.ping',
    source: '/apis/v1/namespaces/aim-system/pingsources/aim-resync',
    datacontenttype: 'application/json',
    data: { reason: 'resync' },
  });
}

/** What the function's wake PingSource sends (shared/timed-work/wake-schedule.ts). */
export function wakeTick(functionName: string): CloudEvent<unknown> {
  return new CloudEvent<unknown>({
    type: 'dev.knative.sources.ping',
    source: `/apis/v1/namespaces/aim-system/pingsources/aim-wake-${functionName}`,
    datacontenttype: 'application/json',
    aimfunction: functionName,
    data: { reason: 'wake' },
  });
}

/** Nothing listens here: keep-alives fail (and are logged), the wake schedule is what is exercised. */
const UNREACHABLE_SINK = 'http://127.0.0.1:9/';

export interface ScenarioRun {
  accesses: ApiAccess[];
  kube: FakeKubeClient;
}

/**
 * Runs one scenario in a fresh cluster and returns the function's authorization requests. It runs
 * twice: once on a client that can watch (the function's object cache informs what it reads) and
 * once on one that cannot (every read live, as when a cache cannot confirm it has seen an event).
 * Both paths exist in production, so the role must cover the union.
 */
export async function runScenario(definition: FunctionDefinition, scenario: Scenario): Promise<ScenarioRun> {
  const cached = await runScenarioOnce(definition, scenario, true);
  const live = await runScenarioOnce(definition, scenario, false);
  return { accesses: [...cached.accesses, ...live.accesses], kube: cached.kube };
}

async function runScenarioOnce(
  definition: FunctionDefinition,
  scenario: Scenario,
  watching: boolean,
): Promise<ScenarioRun> {
  const kube = new FakeKubeClient({ now: () => NOW });
  kube.seed(...scenario.seed);
  for (const [key, text] of Object.entries(scenario.podLogs ?? {})) {
    const [namespace, pod, container] = key.split('/') as [string, string, string];
    kube.setPodLog(namespace, pod, container, text);
  }
  const accesses: ApiAccess[] = [];
  const client = watching ? new WatchingFakeKubeClient(kube) : kube;
  const recording = new RecordingKubeClient(client, (access) => accesses.push(access));
  const module = defineFunction(definition, {
    createClient: () => recording,
    logger: createLogger({ function: definition.name, level: 'silent' }),
    now: () => NOW,
    operatorNamespace: OPERATOR_NAMESPACE,
    initialResync: false,
    sink: UNREACHABLE_SINK,
  });
  // As the runtime does: init starts the informers (their LISTs and WATCHes are calls too).
  await module.init?.();
  for (const step of scenario.steps) {
    if ('act' in step) {
      await step.act(kube);
      // The next event announces this change; in a cluster the watches have delivered it by then.
      if (watching) await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    let cloudevent: CloudEvent<unknown>;
    if (step.event === 'resync') cloudevent = resyncTick();
    else if (step.event === 'wake') cloudevent = wakeTick(definition.name);
    else {
      const object = typeof step.object === 'function' ? step.object(kube) : step.object;
      cloudevent = step.reference ? referenceEvent(step.event, object) : resourceEvent(step.event, object);
    }
    try {
      await module.handle({ cloudevent });
    } catch {
      // 503/500 answers are part of some scenarios; what matters here is which calls were made.
    }
  }
  // Informers that listed go on to watch once their LIST has answered.
  if (watching) await new Promise((resolve) => setTimeout(resolve, 20));
  await module.shutdown();
  return { accesses, kube };
}
