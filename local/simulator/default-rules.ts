import type { SimulatedNodeInput, SimulatorRulesInput } from './rules.ts';

/* The defaults live apart from the schema to keep rules.ts readable; rules.ts re-exports them. */

export const DEFAULT_NODE_CAPACITY: Readonly<Record<string, string>> = {
  cpu: '192',
  memory: '1536Gi',
  'ephemeral-storage': '2Ti',
  pods: '110',
  'amd.com/gpu': '8',
};

export const DEFAULT_NODES: SimulatedNodeInput[] = [
  { name: 'sim-mi300x-0', labels: { 'amd.com/gpu.device-id': '74a1', 'amd.com/gpu.vram': '192G' } },
  { name: 'sim-mi325x-0', labels: { 'amd.com/gpu.device-id': '74a5', 'amd.com/gpu.vram': '256G' } },
];

/**
 * What the simulator does when nobody wrote rules: the examples reach Running (discovery succeeds,
 * check-size reports 512Mi, downloads go 25 → 50 → 100 % and succeed, InferenceServices are Ready
 * after about a second, routes are Accepted, claims Bound). Written out in full so the document a
 * person finds in the ConfigMap explains itself; tests copy and extend it.
 */
export const DEFAULT_RULES: SimulatorRulesInput = {
  enabled: true,
  ignoredNamespaces: [],
  nodes: { enabled: true, items: DEFAULT_NODES },
  pods: {
    enabled: true,
    artifactStatus: true,
    rules: [
      {
        name: 'discovery',
        match: { labels: { 'aim.eai.amd.com/template': '*' }, args: 'dry-run*' },
        startAfterSeconds: 0.5,
        runSeconds: 1,
      },
      {
        name: 'check-size',
        match: { labels: { 'aim.eai.amd.com/component': 'check-size' } },
        startAfterSeconds: 0.5,
        runSeconds: 1,
        sizeBytes: 536870912,
      },
      {
        name: 'download',
        match: { labels: { 'aim.eai.amd.com/component': 'download' } },
        startAfterSeconds: 0.5,
        progress: { steps: [25, 50, 100], intervalSeconds: 1 },
      },
      { name: 'default', startAfterSeconds: 0.5, runSeconds: 1 },
    ],
  },
  inferenceServices: { enabled: true, rules: [{ name: 'ready', ready: true, readyAfterSeconds: 1 }] },
  httpRoutes: { enabled: true, rules: [{ name: 'accepted', accepted: true }] },
  pvcs: { enabled: true, rules: [{ name: 'bind', bind: true, afterSeconds: 1 }] },
};
