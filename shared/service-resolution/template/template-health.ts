/**
 * The `Template` component of an AIMService (spec §10.4 table), with three departures: an
 * ambiguous auto-selection says `TemplateSelectionAmbiguous` instead of `TemplateNotFound` (quirk
 * 3), one that waits for a template still being discovered says `AwaitingCandidate` (Pending), and
 * every auto-selection outcome carries the gist of why (see selection-report.ts).
 */
import { SERVICE_COMPONENTS, SERVICE_REASONS } from '../../constants/service-conditions.ts';
import type { AIMStatus } from '../../constants/status.ts';
import { type ComponentHealth, DEPENDENCY_TYPES } from '../../reconcile/health.ts';
import { describeResolved, objectStatus, type ResolvedObject, withReadyMessage } from '../resolved-object.ts';
import { describeSelection } from '../selection/selection-report.ts';
import type { TemplateResolution } from './resolve-template.ts';

const component = SERVICE_COMPONENTS.template;
const upstream = DEPENDENCY_TYPES.upstream;

function health(state: AIMStatus, reason: string, message: string): ComponentHealth {
  return { component, state, reason, message, errors: [], dependencyType: upstream };
}

function withDetail(message: string, detail: string | undefined): string {
  return detail ? `${message}; ${detail}` : message;
}

/** A found template's own status decides (the service cannot run on a template that is not Ready). */
function foundHealth(template: ResolvedObject, detail: string | undefined): ComponentHealth {
  const name = describeResolved(template);
  const status = objectStatus(template.object);
  const notReady = SERVICE_REASONS.templateNotReady;
  switch (status) {
    case 'Ready':
      return health('Ready', SERVICE_REASONS.resolved, withDetail(`${name} is ready`, detail));
    case 'NotAvailable':
      return health(
        'NotAvailable',
        notReady,
        withDetail(withReadyMessage(`${name} is not available (no matching GPUs)`, template.object), detail),
      );
    case 'Failed':
    case 'Degraded':
      return health(
        'Failed',
        notReady,
        withDetail(withReadyMessage(`${name} is in failed state`, template.object), detail),
      );
    case 'Pending':
    case 'Progressing':
      return health('Progressing', notReady, withDetail(`${name} is not ready yet`, detail));
    default:
      return health(
        'Progressing',
        notReady,
        withDetail(`${name} is not ready yet (status: ${status || 'not set'})`, detail),
      );
  }
}

/** Auto-selection chose nothing: waiting, kept, ambiguous or not found — with the reasons why. */
function unselectedHealth(resolution: Extract<TemplateResolution, { kind: 'unselected' }>): ComponentHealth {
  const { selection, kept } = resolution;
  const gist = describeSelection(selection, resolution.modelName, resolution.wait?.decideBy);
  if (selection.outcome === 'NoneReady')
    return health(
      'Progressing',
      SERVICE_REASONS.templateNotReady,
      `Templates exist but are not ready yet: ${gist}`,
    );
  if (kept !== undefined) {
    return health(
      'Ready',
      SERVICE_REASONS.resolved,
      `template ${kept.name} stays in use while its InferenceService exists; selecting again now: ${gist}`,
    );
  }
  if (selection.outcome === 'Ambiguous')
    return health('Pending', SERVICE_REASONS.templateSelectionAmbiguous, gist);
  if (selection.outcome === 'Awaiting') return health('Pending', SERVICE_REASONS.awaitingCandidate, gist);
  return health('Pending', SERVICE_REASONS.templateNotFound, `No template found for service: ${gist}`);
}

export function templateHealth(resolution: TemplateResolution): ComponentHealth {
  switch (resolution.kind) {
    case 'error':
      return { component, state: 'Failed', errors: [resolution.error], dependencyType: upstream };
    case 'found': {
      const { selection, modelName = '', note } = resolution;
      // Kept from an earlier selection: the same words as then, so a steady state writes nothing.
      const how =
        resolution.via === 'previous'
          ? (resolution.earlierSelection ?? 'kept from an earlier auto-selection while it stays Ready')
          : selection && describeSelection(selection, modelName);
      return foundHealth(resolution.template, [how, note].filter(Boolean).join('; ') || undefined);
    }
    case 'deriving':
      return health(
        'Progressing',
        SERVICE_REASONS.templateNotReady,
        `derived template ${resolution.desired.metadata.name} is being created from ` +
          `${describeResolved(resolution.base)} with spec.overrides`,
      );
    case 'awaiting-model':
      return health(
        'Pending',
        SERVICE_REASONS.templateNotFound,
        'No template found for service: no model resolved yet',
      );
    case 'unselected':
      return unselectedHealth(resolution);
  }
}
