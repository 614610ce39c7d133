/**
 * The templates component of a model (spec §7.5, `aggregateTemplateStatuses`): the statuses of
 * the templates that name the model, summed up into one state and reason. Pending counts as
 * progressing; Ready next to NotAvailable (hardware this cluster lacks) is still Ready.
 */
import { MODEL_REASONS } from '../constants/model-conditions.ts';
import type { AIMStatus } from '../constants/status.ts';
import type { KubeObject } from '../kube/types.ts';
import type { TemplateExpectation } from './expected-templates.ts';

export interface TemplateAggregate {
  state: AIMStatus;
  reason: string;
  message: string;
}

function templateStatus(template: KubeObject): string {
  const status: unknown = template.status?.status;
  return typeof status === 'string' ? status : '';
}

function noTemplates(expectation: TemplateExpectation, expectedCount: number): TemplateAggregate {
  switch (expectation) {
    case 'unknown':
      return {
        state: 'Progressing',
        reason: MODEL_REASONS.awaitingMetadata,
        message: 'Waiting for image metadata',
      };
    case 'yes':
      return {
        state: 'Progressing',
        reason: MODEL_REASONS.creatingTemplates,
        message: `Creating ${expectedCount} service template${expectedCount === 1 ? '' : 's'}`,
      };
    case 'no':
      return {
        state: 'Ready',
        reason: MODEL_REASONS.noTemplatesExpected,
        message: 'No service templates expected',
      };
  }
}

export function aggregateTemplateStatuses(
  templates: readonly KubeObject[],
  expectation: TemplateExpectation,
  expectedCount = 0,
): TemplateAggregate {
  const total = templates.length;
  if (total === 0) return noTemplates(expectation, expectedCount);
  let ready = 0;
  let failed = 0;
  let notAvailable = 0;
  let progressing = 0;
  for (const template of templates) {
    const status = templateStatus(template);
    if (status === 'Ready') ready++;
    else if (status === 'Failed' || status === 'Degraded') failed++;
    else if (status === 'NotAvailable') notAvailable++;
    else if (status === 'Pending' || status === 'Progressing') progressing++;
  }
  const of = (count: number) => `${count} of ${total}`;
  if (ready === total) {
    return {
      state: 'Ready',
      reason: MODEL_REASONS.allTemplatesReady,
      message: `All ${total} service templates are ready`,
    };
  }
  if (failed === total) {
    return {
      state: 'Failed',
      reason: MODEL_REASONS.allTemplatesFailed,
      message: `All ${total} service templates failed`,
    };
  }
  if (notAvailable === total) {
    return {
      state: 'NotAvailable',
      reason: MODEL_REASONS.noTemplatesAvailable,
      message: `None of the ${total} service templates can run on this cluster's hardware`,
    };
  }
  if (failed > 0) {
    return {
      state: 'Degraded',
      reason: MODEL_REASONS.someTemplatesDegraded,
      message: `${of(failed)} service templates are failed or degraded`,
    };
  }
  if (progressing > 0) {
    return {
      state: 'Progressing',
      reason: MODEL_REASONS.templatesProgressing,
      message: `${of(progressing)} service templates are still progressing`,
    };
  }
  if (ready > 0 && ready + notAvailable === total) {
    return {
      state: 'Ready',
      reason: MODEL_REASONS.someTemplatesReady,
      message: `${of(ready)} service templates are ready; ${notAvailable} need hardware this cluster lacks`,
    };
  }
  return {
    state: 'Progressing',
    reason: MODEL_REASONS.templatesProgressing,
    message: 'Unknown status: some service templates report no status yet',
  };
}
