/** `kubectl aim status [-A]`: the `npm start` table, once, for one namespace or all of them. */
import type { CliArgs } from './args.ts';
import { type Connection, checkAccess, explainApiError } from './connection.ts';
import { formatResult } from './output.ts';
import { collectRows, renderTable } from './status-table.ts';

export async function statusCommand(args: CliArgs, connection: Connection): Promise<string> {
  const namespace = args.allNamespaces ? undefined : connection.namespace;
  await checkAccess(connection, namespace);
  let rows: Awaited<ReturnType<typeof collectRows>>;
  try {
    rows = await collectRows(connection.client, namespace);
  } catch (err) {
    throw explainApiError(err, 'list AIM objects', connection);
  }
  const width = args.output === 'text' ? (process.stdout.columns ?? 160) : 160;
  return formatResult(args.output, { namespace: namespace ?? null, items: rows }, () =>
    renderTable(rows, width),
  );
}
