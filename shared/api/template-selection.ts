import { z } from 'zod';
import { type Infer, lazySchema } from './lazy-schema.ts';

/** The auto-selection stage at which a candidate template dropped out (spec §10.4.1). */
export const TEMPLATE_REJECTION_STAGES = [
  'Availability',
  'Optimization',
  'Overrides',
  'GPUAvailability',
  'ScopePreference',
  'Score',
] as const;
export const MAX_TEMPLATE_SELECTION_CANDIDATES = 20;

const CandidateScopeSchema = lazySchema(() => z.enum(['Namespace', 'Cluster']));

export const TemplateCandidateSchema = lazySchema(() =>
  z.object({
    name: z.string().describe('Template name.'),
    scope: CandidateScopeSchema().describe(
      'Namespace for AIMServiceTemplate, Cluster for AIMClusterServiceTemplate.',
    ),
    status: z.string().optional().describe('Status of the template when it was considered.'),
    rejectedAt: z.enum(TEMPLATE_REJECTION_STAGES).optional().describe('Stage that eliminated the candidate.'),
    reason: z.string().optional().describe('Why the candidate was eliminated.'),
    score: z.string().optional().describe('Preference score (lower is better), when scored.'),
    selected: z.boolean().optional().describe('This candidate was chosen.'),
  }),
);
export type TemplateCandidate = Infer<typeof TemplateCandidateSchema>;

/** Why auto-selection chose what it chose (or nothing): a product addition beyond upstream. */
export const TemplateSelectionSchema = lazySchema(() =>
  z
    .object({
      selected: z.string().optional().describe('Name of the selected template.'),
      selectedScope: CandidateScopeSchema().optional(),
      reason: z
        .string()
        .optional()
        .describe('Outcome, e.g. Selected, TemplateNotFound or TemplateSelectionAmbiguous.'),
      message: z.string().optional(),
      candidatesConsidered: z.int32().min(0).describe('Number of templates that referenced the model.'),
      omitted: z.int32().min(0).describe('Candidates not listed below (the list is capped).'),
      candidates: z
        .array(TemplateCandidateSchema())
        .max(MAX_TEMPLATE_SELECTION_CANDIDATES)
        .describe('The candidates and where each one dropped out.'),
    })
    .describe('How the template was auto-selected.'),
);
export type TemplateSelection = Infer<typeof TemplateSelectionSchema>;
