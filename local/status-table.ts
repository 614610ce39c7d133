import type { KubeClient, KubeObject } from '../shared/kube/types.ts';

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

interface Row {
  kind: string;
  name: string;
  status: string;
  detail: string;
}

function readyMessage(obj: KubeObject): string {
  const conditions = (obj.status?.conditions ?? []) as {
    type: string;
    status: string;
    reason?: string;
    message?: string;
  }[];
  const ready = conditions.find((c) => c.type === 'Ready');
  if (!ready) return '';
  return ready.status === 'True' ? '' : `${ready.reason ?? ''}: ${ready.message ?? ''}`;
}

function row(kind: string, obj: KubeObject): Row {
  const ns = obj.metadata.namespace ? `${obj.metadata.namespace}/` : '';
  return {
    kind,
    name: `${ns}${obj.metadata.name}`,
    status: obj.status?.status ?? '-',
    detail: readyMessage(obj),
  };
}

export async function collectRows(client: KubeClient): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of KINDS) {
    const list = await client.list({ apiVersion: AIM, kind });
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
      `${pad(r.kind, kindW)} ${pad(r.name, nameW)} ${pad(r.status, statusW)} ${pad(r.detail, detailW)}`,
    );
  if (rows.length === 0) lines.push('(no AIM resources yet: kubectl apply -f examples/ or your own)');
  return lines.join('\n');
}
