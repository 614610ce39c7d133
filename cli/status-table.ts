/**
 * The table of every AIM object and its status: `kubectl aim status` prints it once, `npm start`
 * redraws it live. Cluster-scoped kinds are always listed; namespaced ones in one namespace or all.
 */
import { AIM_KINDS } from '../shared/api/kinds.ts';
import type { KubeClient, KubeObject } from '../shared/kube/types.ts';
import { keyCondition } from './object-summary.ts';

const AIM = 'aim.eai.amd.com/v1alpha1';

/** The kinds the live table shows, in the order a newcomer reads the story. */
const KINDS = [
  'AIMClusterModelSource',
  'AIMClusterModel',
  'AIMModel',
  'AIMClusterServiceTemplate',
  'AIMServiceTemplate',
  'AIMTemplateCache',
  'AIMArtifact',
  'AIMService',
] as const;

export interface Row {
  kind: string;
  name: string;
  status: string;
  detail: string;
}

/** Nothing when Ready; otherwise the condition that blocks (`reason: message`). */
function blockingDetail(obj: KubeObject): string {
  const condition = keyCondition(obj);
  if (condition === undefined || condition.status === 'True') return '';
  return `${condition.reason ?? condition.type}: ${condition.message ?? ''}`;
}

function row(kind: string, obj: KubeObject): Row {
  const ns = obj.metadata.namespace ? `${obj.metadata.namespace}/` : '';
  return {
    kind,
    name: `${ns}${obj.metadata.name}`,
    status: obj.status?.status ?? '-',
    detail: blockingDetail(obj),
  };
}

/** `namespace` undefined: every namespace. */
export async function collectRows(client: KubeClient, namespace?: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of KINDS) {
    const namespaced = AIM_KINDS[kind].scope === 'Namespaced' && namespace !== undefined;
    const list = await client.list({ apiVersion: AIM, kind }, namespaced ? { namespace } : {});
    for (const obj of list.items) rows.push(row(kind, obj));
  }
  return rows;
}

function pad(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

/** A compact fixed-width table; long names and messages are cut rather than wrapped. */
export function renderTable(rows: Row[], width = process.stdout.columns ?? 120): string {
  const kindW = 26;
  // Names get what they need (generated names run to 70 characters) while a detail column remains.
  const nameW = Math.min(
    Math.max(24, width - kindW - 13 - 30),
    Math.max(12, ...rows.map((r) => r.name.length)),
  );
  const statusW = 13;
  const detailW = Math.max(10, width - kindW - nameW - statusW - 3);
  const lines = [`${pad('KIND', kindW)} ${pad('NAME', nameW)} ${pad('STATUS', statusW)} DETAIL`];
  for (const r of rows)
    lines.push(
      `${pad(r.kind, kindW)} ${pad(r.name, nameW)} ${pad(r.status, statusW)} ${pad(r.detail, detailW)}`.trimEnd(),
    );
  if (rows.length === 0) lines.push('(no AIM resources yet: kubectl apply -f examples/ or your own)');
  return lines.join('\n');
}
