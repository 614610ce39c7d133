/**
 * `kubectl aim wait <kind> NAME --for=Running --timeout=5m`: polls until the object's status is
 * the one asked for (or `--for=condition=Type[=Status]` holds). It gives up early when the object
 * goes Failed — waiting longer would not help — and says what blocks either way.
 */

import type { KubeObject } from '../shared/kube/types.ts';
import { type CliArgs, UsageError } from './args.ts';
import { CliError, type Connection, checkAccess } from './connection.ts';
import { describeTarget, findObject, targetOf } from './lookup.ts';
import { conditionLine, conditionsOf, type ObjectSummary, summarize } from './object-summary.ts';
import { formatResult } from './output.ts';

export type WaitGoal = { status: string } | { condition: string; conditionStatus: string };

const POLL_MS = 1000;

export function parseWaitGoal(text: string | undefined, kinds: readonly string[]): WaitGoal {
  if (text === undefined || text === '')
    return { status: kinds.includes('AIMService') ? 'Running' : 'Ready' };
  const match = /^condition=([^=]+)(?:=(.+))?$/i.exec(text);
  if (match) return { condition: match[1]!, conditionStatus: match[2] ?? 'True' };
  if (text.includes('='))
    throw new UsageError(`--for=${text}: use a status (Running, Ready…) or condition=Type`);
  return { status: text };
}

export function goalReached(object: KubeObject, summary: ObjectSummary, goal: WaitGoal): boolean {
  if ('status' in goal) return summary.status.toLowerCase() === goal.status.toLowerCase();
  const condition = conditionsOf(object).find((c) => c.type.toLowerCase() === goal.condition.toLowerCase());
  return condition?.status.toLowerCase() === goal.conditionStatus.toLowerCase();
}

function describeGoal(goal: WaitGoal): string {
  return 'status' in goal ? goal.status : `condition ${goal.condition}=${goal.conditionStatus}`;
}

export interface WaitDeps {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realDeps: WaitDeps = { now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };

export async function waitCommand(args: CliArgs, connection: Connection, deps = realDeps): Promise<string> {
  const target = targetOf(args.positional, connection.namespace, 'wait');
  const goal = parseWaitGoal(args.waitFor, target.choice.kinds);
  await checkAccess(connection, connection.namespace);
  const deadline = deps.now() + args.timeoutMs;
  let last: ObjectSummary | undefined;
  for (;;) {
    const object = await findObject(connection, target);
    if (object !== undefined) {
      last = summarize(object);
      if (goalReached(object, last, goal)) {
        const what = `${object.kind} ${object.metadata.name}`;
        return formatResult(
          args.output,
          { reached: true, goal: describeGoal(goal), ...last },
          () => `${what}: ${describeGoal(goal)}`,
        );
      }
      if (last.status === 'Failed')
        throw new CliError(
          `${describeTarget(target)} is Failed (waiting for ${describeGoal(goal)}): ${conditionLine(last.condition)}`,
        );
    }
    if (deps.now() >= deadline) {
      const seen =
        last === undefined
          ? 'it does not exist'
          : `status ${last.status}; blocking: ${conditionLine(last.condition) || 'no condition yet'}`;
      throw new CliError(
        `timed out after ${args.timeoutMs / 1000}s waiting for ${describeTarget(target)} to be ${describeGoal(goal)}: ${seen}`,
      );
    }
    await deps.sleep(Math.min(POLL_MS, Math.max(0, deadline - deps.now())));
  }
}
