/**
 * Turns schema validation issues into the message of `ConfigValid=False InvalidSpec`, naming each
 * field by its path (`spec.env[0].name: Too small: …`) so a user can find what to fix.
 */
import type { z } from 'zod';

const MAX_ISSUES = 5;

export function formatIssuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}

export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = formatIssuePath(issue.path);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  const more = issues.length > MAX_ISSUES ? ` (and ${issues.length - MAX_ISSUES} more)` : '';
  return `${parts.join('; ')}${more}`;
}
