import type { z } from 'zod';

/**
 * The error of a strict object that names the unknown field(s) and the fields it accepts, so a user
 * who wrote a near-miss (`gpuSelecter`, `sourceUrl`) learns what to write instead.
 */
export function unknownFieldsError(accepted: readonly string[]) {
  return (issue: z.core.$ZodRawIssue): string | undefined => {
    if (issue.code !== 'unrecognized_keys') return undefined;
    const keys = (issue as { keys?: readonly string[] }).keys ?? [];
    const unknown = keys.map((key) => `"${key}"`).join(', ');
    return `unknown field${keys.length === 1 ? '' : 's'} ${unknown}; accepted: ${accepted.join(', ')}`;
  };
}
