/** Finds the object a command names: each kind of the choice in turn (namespace, then cluster). */
import { AIM_API_VERSION } from '../shared/api/group.ts';
import type { KubeObject } from '../shared/kube/types.ts';
import { UsageError } from './args.ts';
import { type Connection, explainApiError } from './connection.ts';
import { isClusterScoped, type KindChoice, kindChoice } from './kinds.ts';

export interface Target {
  choice: KindChoice;
  name: string;
  namespace: string;
}

/** `<kind> NAME` from the positional arguments. */
export function targetOf(positional: readonly string[], namespace: string, command: string): Target {
  const [kind, name, ...rest] = positional;
  if (kind === undefined || name === undefined || rest.length > 0)
    throw new UsageError(`usage: kubectl aim ${command} <service|model|template|cache|artifact> NAME`);
  return { choice: kindChoice(kind), name, namespace };
}

export async function findObject(connection: Connection, target: Target): Promise<KubeObject | undefined> {
  for (const kind of target.choice.kinds) {
    const cluster = isClusterScoped(kind);
    try {
      const found = await connection.client.getOptional({
        apiVersion: AIM_API_VERSION,
        kind,
        name: target.name,
        ...(cluster ? {} : { namespace: target.namespace }),
      });
      if (found) return found;
    } catch (err) {
      const where = cluster ? '' : ` in namespace ${target.namespace}`;
      throw explainApiError(err, `get ${kind} ${target.name}${where}`, connection);
    }
  }
  return undefined;
}

export function describeTarget(target: Target): string {
  const cluster = target.choice.kinds.every(isClusterScoped);
  return `${target.choice.word} ${target.name}${cluster ? '' : ` in namespace ${target.namespace}`}`;
}
