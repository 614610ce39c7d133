/**
 * What the API server accepts in a runtime config but nothing could use: every problem names the
 * field and the value, so the config's status says precisely what to fix (issue 14). Without this
 * a bad glob silently propagates nothing (upstream ignores filepath.ErrBadPattern) and a bad path
 * template only surfaces on the first service that routes through it.
 */
import type { AIMRuntimeConfigSpec } from '../api/aim-runtime-config.ts';
import { RUNTIME_CONFIG_SPEC_REASONS } from '../constants/runtime-config-conditions.ts';
import { PathTemplateError, parseFieldPath, splitPathTemplate } from '../inference/path-template.ts';
import { isValidGlob } from '../reconcile/labels.ts';

export interface RuntimeConfigProblem {
  reason: string;
  message: string;
}

function globProblems(spec: AIMRuntimeConfigSpec): RuntimeConfigProblem[] {
  const match = spec.labelPropagation?.match ?? [];
  return match.flatMap((pattern, index) =>
    isValidGlob(pattern)
      ? []
      : [
          {
            reason: RUNTIME_CONFIG_SPEC_REASONS.invalidLabelPropagation,
            message: `spec.labelPropagation.match[${index}] ${JSON.stringify(pattern)} is not a valid glob (unclosed "[", empty class or trailing "\\")`,
          },
        ],
  );
}

/** The template's `{…}` placeholders must be balanced and each a supported field path. */
export function pathTemplateSyntaxError(template: string): string | undefined {
  try {
    for (const part of splitPathTemplate(template)) if ('expression' in part) parseFieldPath(part.expression);
    return undefined;
  } catch (err) {
    if (err instanceof PathTemplateError) return err.message;
    throw err;
  }
}

function pathTemplateProblems(spec: AIMRuntimeConfigSpec): RuntimeConfigProblem[] {
  const template = spec.routing?.pathTemplate;
  if (template === undefined) return [];
  const error = pathTemplateSyntaxError(template);
  if (error === undefined) return [];
  return [
    {
      reason: RUNTIME_CONFIG_SPEC_REASONS.invalidPathTemplate,
      message: `spec.routing.pathTemplate ${JSON.stringify(template)}: ${error}`,
    },
  ];
}

/** Every problem of the spec, in field order; empty when the config is usable. */
export function runtimeConfigProblems(spec: AIMRuntimeConfigSpec | undefined): RuntimeConfigProblem[] {
  if (spec === undefined) return [];
  return [...globProblems(spec), ...pathTemplateProblems(spec)];
}
