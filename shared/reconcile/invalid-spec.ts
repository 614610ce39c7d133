/**
 * What a writer records for a spec its schema rejects: `Failed` (spec §5.2, an InvalidSpec error)
 * with `ConfigValid=False`/`InvalidSpec` naming the field (docs/architecture.md). Nothing was
 * observed, so the writer's own component-health entries stay as they were.
 */
import { CONDITION_TYPES, STATE_ENGINE_REASONS } from '../constants/conditions.ts';
import { componentHealthOf } from './component-health-status.ts';
import { ConditionSet } from './conditions.ts';
import type { Evaluation } from './pipeline-evaluation.ts';
import { conditionsOf, ownsComponent, type StatusOwnership } from './status-write.ts';

export interface InvalidSpecInput {
  previous: Record<string, unknown>;
  generation: number | undefined;
  /** Names the field and the problem (spec-issues.ts). */
  message: string;
  now: Date;
  ownership: StatusOwnership;
  /** `Failed` as the kind spells it (statusMapping). */
  status: string;
}

export function invalidSpecEvaluation(input: InvalidSpecInput): Evaluation {
  const { previous, message } = input;
  const conditions = new ConditionSet(conditionsOf(previous), input.now, input.generation);
  conditions.set(CONDITION_TYPES.configValid, 'False', STATE_ENGINE_REASONS.invalidSpec, message);
  conditions.set(CONDITION_TYPES.ready, 'False', STATE_ENGINE_REASONS.invalidSpec, message);
  return {
    conditions: conditions.list(),
    status: input.status,
    aimStatus: 'Failed',
    shouldApply: false,
    shouldRequeue: false,
    infraMessages: [],
    contributions: new Map(),
    componentHealth: componentHealthOf(previous).filter((entry) =>
      ownsComponent(input.ownership, entry.component),
    ),
  };
}
