/** `plan` as text: one section per step, the selection table, then the InferenceService as YAML. */
import { stringify } from 'yaml';
import { columns, indent } from '../output.ts';
import type { PlanStep, ServicePlan } from './plan-service.ts';

function stepLine(title: string, step: PlanStep | undefined): string {
  if (step === undefined) return `${title}: -`;
  const what = step.name ? ` ${step.kind ?? ''} ${step.name}${step.status ? ` [${step.status}]` : ''}` : '';
  return `${title}: ${step.outcome}${what}\n${indent(step.message, 4)}`;
}

function selectionTable(plan: ServicePlan): string {
  const selection = plan.template?.selection;
  if (selection === undefined) return '';
  const rows = (selection.candidates ?? []).map((c) => [
    c.selected ? '*' : '',
    `${c.name} (${c.scope})`,
    c.status ?? '',
    c.score ?? '',
    c.selected ? 'selected' : `${c.rejectedAt ?? ''}${c.reason ? `: ${c.reason}` : ''}`,
  ]);
  const omitted = selection.omitted ? `\n(${selection.omitted} more candidates not listed)` : '';
  return `\n${indent(`${columns(['', 'CANDIDATE', 'STATUS', 'SCORE', 'VERDICT'], rows)}${omitted}`, 4)}`;
}

export function renderPlan(plan: ServicePlan): string {
  const { service } = plan;
  const lines = [
    `AIMService ${service.namespace}/${service.name} (${service.exists ? 'exists: planned with its current status' : 'new'}; checked by ${service.checkedBy})`,
  ];
  if (plan.invalid !== undefined) {
    lines.push(
      `invalid: ${plan.invalid}`,
      '',
      'No InferenceService: the functions would mark the service Failed (InvalidSpec).',
    );
    return lines.join('\n');
  }
  lines.push(stepLine('runtime config', plan.runtimeConfig));
  lines.push(stepLine('model', plan.model));
  lines.push(stepLine('template', plan.template) + selectionTable(plan));
  if (plan.cache) {
    lines.push(stepLine(`cache (${plan.cache.mode})`, plan.cache));
    const rows = plan.cache.artifacts.map((a) => [
      a.name,
      a.modelId,
      a.exists ? a.status || 'exists' : 'to create',
      a.claim,
    ]);
    if (rows.length > 0) lines.push(indent(columns(['ARTIFACT', 'MODEL', 'STATUS', 'CLAIM'], rows), 4));
  }
  const isvc = plan.inferenceService;
  lines.push(stepLine('InferenceService', isvc));
  for (const assumption of isvc?.assumes ?? []) lines.push(indent(`assuming: ${assumption}`, 4));
  if (plan.route) lines.push(stepLine('HTTPRoute', plan.route));
  if (isvc?.object) lines.push('', '---', stringify(isvc.object, { lineWidth: 0 }).trimEnd());
  return lines.join('\n');
}
