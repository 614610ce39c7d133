import { describe, expect, it } from 'vitest';
import type { SimulatorLog } from '../../../../local/simulator/log.ts';
import {
  RULES_CONFIGMAP,
  RULES_KEY,
  SIMULATOR_NAMESPACE,
  STATUS_CONFIGMAP,
} from '../../../../local/simulator/rules.ts';
import { RulesSource, writeSimulatorRules } from '../../../../local/simulator/rules-configmap.ts';
import type { KubeClient, KubeObject, ObjectKey } from '../../../../shared/kube/types.ts';

/** Just enough of an API server for ConfigMaps: apply merges `data`, bumps resourceVersion. */
function fakeClient() {
  const objects = new Map<string, KubeObject>();
  let version = 0;
  const keyOf = (k: { kind: string; namespace?: string; name: string }) =>
    `${k.kind}/${k.namespace ?? ''}/${k.name}`;
  const store = (object: KubeObject) => {
    const key = keyOf({ ...object.metadata, kind: object.kind });
    const previous = objects.get(key);
    const data = { ...((previous?.data as object) ?? {}), ...((object.data as object) ?? {}) };
    const stored = { ...object, data, metadata: { ...object.metadata, resourceVersion: String(++version) } };
    objects.set(key, stored);
    return stored;
  };
  const client = {
    async getOptional(key: ObjectKey) {
      return objects.get(keyOf(key));
    },
    async apply(object: KubeObject) {
      return store(object);
    },
  } as unknown as KubeClient;
  return { client, objects, store, keyOf };
}

function memoryLog() {
  const lines: { level: string; message: string; fields: object }[] = [];
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, message, fields });
    };
  const log: SimulatorLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

const rulesKey = { kind: 'ConfigMap', namespace: SIMULATOR_NAMESPACE, name: RULES_CONFIGMAP };
const statusKey = { kind: 'ConfigMap', namespace: SIMULATOR_NAMESPACE, name: STATUS_CONFIGMAP };

function writeRulesText(fake: ReturnType<typeof fakeClient>, text: string): void {
  fake.store({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: RULES_CONFIGMAP, namespace: SIMULATOR_NAMESPACE },
    data: { [RULES_KEY]: text },
  });
}

describe('RulesSource', () => {
  it('creates the ConfigMap with the default rules when it is absent', async () => {
    const fake = fakeClient();
    const rules = await new RulesSource(fake.client, memoryLog().log).current();
    expect(rules.pods.rules.map((r) => r.name)).toEqual(['discovery', 'check-size', 'download', 'default']);
    const created = fake.objects.get(fake.keyOf(rulesKey));
    expect(((created?.data ?? {}) as Record<string, string>)[RULES_KEY]).toContain('sim-mi300x-0');
    expect(fake.objects.get(fake.keyOf(statusKey))?.data).toMatchObject({ error: '' });
  });

  it('follows changes and keeps the previous rules when a document is invalid', async () => {
    const fake = fakeClient();
    const { log, lines } = memoryLog();
    const source = new RulesSource(fake.client, log);
    writeRulesText(fake, 'pvcs:\n  rules:\n    - bind: false\n');
    expect((await source.current()).pvcs.rules[0]?.bind).toBe(false);

    writeRulesText(fake, 'pvcs:\n  rules:\n    - bnd: true\n');
    const kept = await source.current();
    expect(kept.pvcs.rules[0]?.bind).toBe(false);
    expect(lines.some((l) => l.level === 'error' && l.message.includes('invalid simulator rules'))).toBe(
      true,
    );
    const status = fake.objects.get(fake.keyOf(statusKey))?.data as Record<string, string>;
    expect(status.error).toContain('bnd');
    expect(status.observedResourceVersion).toBe(
      fake.objects.get(fake.keyOf(rulesKey))?.metadata.resourceVersion,
    );

    writeRulesText(fake, 'enabled: false\n');
    expect((await source.current()).enabled).toBe(false);
  });
});

describe('writeSimulatorRules', () => {
  it('rejects rules the schema rejects before writing anything', async () => {
    const fake = fakeClient();
    await expect(
      writeSimulatorRules(fake.client, { pvcs: { rules: [{ afterSeconds: -5 }] } }),
    ).rejects.toThrow(/invalid simulator rules/);
    expect(fake.objects.size).toBe(0);
  });

  it('waits until the simulator reports the written version', async () => {
    const fake = fakeClient();
    const source = new RulesSource(fake.client, memoryLog().log);
    const polling = setInterval(() => void source.current(), 20);
    try {
      await writeSimulatorRules(fake.client, { enabled: false }, { timeoutMs: 2_000 });
      expect((await source.current()).enabled).toBe(false);
    } finally {
      clearInterval(polling);
    }
  });

  it('times out when no simulator takes the rules in', async () => {
    const fake = fakeClient();
    await expect(writeSimulatorRules(fake.client, { enabled: true }, { timeoutMs: 300 })).rejects.toThrow(
      /did not pick up/,
    );
  });
});
