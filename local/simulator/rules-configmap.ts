import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { FIELD_MANAGER } from './api.ts';
import { errorText, type SimulatorLog } from './log.ts';
import {
  DEFAULT_RULES,
  parseRules,
  parseRulesYaml,
  RULES_CONFIGMAP,
  RULES_KEY,
  renderRulesYaml,
  SIMULATOR_NAMESPACE,
  type SimulatorRules,
  type SimulatorRulesInput,
  STATUS_CONFIGMAP,
} from './rules.ts';

const CONFIGMAP = { apiVersion: 'v1', kind: 'ConfigMap' } as const;
const TEST_FIELD_MANAGER = 'aim-simulator-rules-writer';

async function ensureNamespace(client: KubeClient, fieldManager: string): Promise<void> {
  await client.apply(
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: SIMULATOR_NAMESPACE } },
    { fieldManager, force: true },
  );
}

function defaultRules(): SimulatorRules {
  const parsed = parseRules(DEFAULT_RULES);
  if (!parsed.ok) throw new Error(`DEFAULT_RULES do not validate: ${parsed.error}`);
  return parsed.rules;
}

/**
 * The rules the simulator runs with: the ConfigMap `aim-simulator/aim-simulator-rules`, parsed again
 * whenever its resourceVersion changes, created with the defaults when absent. An invalid document
 * is logged and the previous rules stay in force; either way the outcome is written to the
 * `aim-simulator-status` ConfigMap (`observedResourceVersion`, `error`), which is what
 * `writeSimulatorRules` waits for.
 */
export class RulesSource {
  readonly #client: KubeClient;
  readonly #log: SimulatorLog;
  #rules: SimulatorRules = defaultRules();
  #resourceVersion: string | undefined;

  constructor(client: KubeClient, log: SimulatorLog) {
    this.#client = client;
    this.#log = log;
  }

  async current(): Promise<SimulatorRules> {
    let configMap = await this.#client.getOptional({
      ...CONFIGMAP,
      namespace: SIMULATOR_NAMESPACE,
      name: RULES_CONFIGMAP,
    });
    if (!configMap) configMap = await this.#createDefault();
    const resourceVersion = configMap.metadata.resourceVersion;
    if (resourceVersion !== undefined && resourceVersion === this.#resourceVersion) return this.#rules;
    const text = (configMap.data as Record<string, string> | undefined)?.[RULES_KEY] ?? '';
    const parsed = parseRulesYaml(text);
    if (parsed.ok) {
      this.#rules = parsed.rules;
      this.#log.info({ resourceVersion }, 'simulator rules loaded');
    } else {
      this.#log.error(
        { resourceVersion, error: parsed.error },
        'invalid simulator rules; keeping the previous rules',
      );
    }
    await this.#writeStatus(resourceVersion ?? '', parsed.ok ? '' : parsed.error);
    this.#resourceVersion = resourceVersion;
    return this.#rules;
  }

  async #createDefault(): Promise<KubeObject> {
    await ensureNamespace(this.#client, FIELD_MANAGER);
    return await this.#client.apply(rulesConfigMap(renderRulesYaml(DEFAULT_RULES)), {
      fieldManager: FIELD_MANAGER,
    });
  }

  async #writeStatus(observedResourceVersion: string, error: string): Promise<void> {
    await this.#client.apply(
      {
        ...CONFIGMAP,
        metadata: { name: STATUS_CONFIGMAP, namespace: SIMULATOR_NAMESPACE },
        data: { observedResourceVersion, error },
      },
      { fieldManager: FIELD_MANAGER, force: true },
    );
  }
}

function rulesConfigMap(yaml: string): KubeObject {
  return {
    ...CONFIGMAP,
    metadata: { name: RULES_CONFIGMAP, namespace: SIMULATOR_NAMESPACE },
    data: { [RULES_KEY]: yaml },
  };
}

export interface WriteRulesOptions {
  /**
   * Wait until a running simulator has taken the rules in (0: do not wait). Default 30 s: one
   * pass of a busy simulator on a loaded machine can take seconds.
   */
  timeoutMs?: number;
}

/**
 * Validates `rules`, writes them to the rules ConfigMap and waits until the simulator runs with
 * them, so objects created next follow the new rules. Throws on rules the schema rejects.
 */
export async function writeSimulatorRules(
  client: KubeClient,
  rules: SimulatorRulesInput,
  options: WriteRulesOptions = {},
): Promise<void> {
  const parsed = parseRules(rules);
  if (!parsed.ok) throw new Error(`invalid simulator rules: ${parsed.error}`);
  await ensureNamespace(client, TEST_FIELD_MANAGER);
  const written = await client.apply(rulesConfigMap(renderRulesYaml(rules)), {
    fieldManager: TEST_FIELD_MANAGER,
    force: true,
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (timeoutMs <= 0) return;
  const wanted = written.metadata.resourceVersion;
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const status = await client.getOptional({
        ...CONFIGMAP,
        namespace: SIMULATOR_NAMESPACE,
        name: STATUS_CONFIGMAP,
      });
      const data = (status?.data ?? {}) as Record<string, string>;
      if (data.observedResourceVersion === wanted) {
        if (data.error) throw new Error(`the simulator rejected the rules: ${data.error}`);
        return;
      }
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('the simulator rejected')) throw err;
      last = errorText(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `the simulator did not pick up rules resourceVersion ${wanted} within ${timeoutMs} ms${last ? ` (${last})` : ''}`,
  );
}

/** Puts the default rules back (e.g. in a test's afterEach). */
export async function resetSimulatorRules(
  client: KubeClient,
  options: WriteRulesOptions = {},
): Promise<void> {
  await writeSimulatorRules(client, DEFAULT_RULES, options);
}
