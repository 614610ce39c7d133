/** AIMRuntimeConfig / AIMClusterRuntimeConfig: the one component its reconciler reports (issue 14). */
export const RUNTIME_CONFIG_SPEC_COMPONENT = 'Spec';

export const RUNTIME_CONFIG_SPEC_REASONS = {
  valid: 'SpecValid',
  invalidLabelPropagation: 'InvalidLabelPropagation',
  invalidPathTemplate: 'InvalidPathTemplate',
} as const;
