/**
 * `kubectl aim explain <kind> NAME`: the chain of objects behind one AIM object, each with its
 * status and the one condition that matters, and where the time to Ready went.
 */
import type { CliArgs } from './args.ts';
import { CliError, type Connection, checkAccess, explainApiError } from './connection.ts';
import { type ChainLink, explainChain } from './explain-chain.ts';
import { describeTarget, findObject, targetOf } from './lookup.ts';
import { conditionLine, type ObjectSummary, summarize } from './object-summary.ts';
import { columns, formatDuration, formatResult, indent } from './output.ts';
import { readOnlyClient } from './read-only-client.ts';
import { type TimingBreakdown, timeToReady } from './timing.ts';

export interface ExplainedLink {
  role: string;
  summary?: ObjectSummary;
  missing?: string;
}

export interface Explanation {
  root: ObjectSummary;
  chain: ExplainedLink[];
  timing: TimingBreakdown;
}

export function explainLinks(root: ObjectSummary, links: readonly ChainLink[]): Explanation {
  const chain: ExplainedLink[] = links.map((link) =>
    link.object
      ? { role: link.role, summary: summarize(link.object) }
      : { role: link.role, missing: link.missing ?? 'absent' },
  );
  const present = chain.flatMap((link) => (link.summary ? [link.summary] : []));
  return { root, chain, timing: timeToReady(root, present) };
}

function offset(ms: number | undefined): string {
  if (ms === undefined) return '-';
  return ms < 0 ? `-${formatDuration(-ms)}` : `+${formatDuration(ms)}`;
}

export function renderExplanation(explanation: Explanation): string {
  const { root, chain, timing } = explanation;
  const chainRows = chain.map((link) =>
    link.summary
      ? [
          link.role,
          `${link.summary.kind}/${link.summary.name}`,
          link.summary.status,
          conditionLine(link.summary.condition),
        ]
      : [link.role, '-', 'Missing', link.missing ?? ''],
  );
  const timingRows = timing.steps.map((step) => [
    `${step.kind}/${step.name}`,
    offset(step.createdAfterMs),
    offset(step.readyAfterMs),
    step.tookMs === undefined ? 'not ready' : formatDuration(step.tookMs),
    step.reused ? 'existed before' : '',
  ]);
  const where = root.namespace ? ` (namespace ${root.namespace})` : '';
  const total =
    timing.totalMs === undefined
      ? `${root.kind}/${root.name} is not ready yet (${root.status})`
      : `${root.kind}/${root.name} became ready ${formatDuration(timing.totalMs)} after it was created`;
  return [
    `${root.kind}/${root.name}${where}: ${root.status}`,
    '',
    'Chain:',
    indent(columns(['ROLE', 'OBJECT', 'STATUS', 'CONDITION'], chainRows)),
    '',
    'Time to ready (relative to the creation of the object explained):',
    indent(columns(['OBJECT', 'CREATED', 'READY', 'TOOK', ''], timingRows)),
    indent(total),
  ].join('\n');
}

export async function explainCommand(args: CliArgs, connection: Connection): Promise<string> {
  const target = targetOf(args.positional, connection.namespace, 'explain');
  await checkAccess(connection, connection.namespace);
  const root = await findObject(connection, target);
  if (root === undefined) throw new CliError(`${describeTarget(target)} not found`);
  let links: ChainLink[];
  try {
    links = await explainChain(readOnlyClient(connection.client), root, connection.namespace);
  } catch (err) {
    throw explainApiError(err, `read the objects behind ${root.kind} ${root.metadata.name}`, connection);
  }
  const explanation = explainLinks(summarize(root), links);
  return formatResult(args.output, explanation, () => renderExplanation(explanation));
}
