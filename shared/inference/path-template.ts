/**
 * The HTTPRoute path of a service (spec §10.10): a template such as `/team-a/{.metadata.name}`
 * whose `{…}` placeholders are JSONPath-like expressions evaluated on the AIMService object, or
 * the default `/<namespace>/<uid>`, then normalised segment by segment.
 *
 * Supported expressions: a dotted field path from the root (`.metadata.name`, `.spec.model.name`),
 * bracketed keys (`.metadata.labels['app.kubernetes.io/name']`, `["k"]`) and list indices (`[0]`).
 * A missing key, a value that is not a single scalar, or any other JSONPath syntax is an error —
 * upstream silently falls back to the default path (quirk 9); here the caller reports
 * `PathTemplateInvalid` instead.
 */
import { ROUTE_PATH_MAX_LENGTH } from '../constants/limits.ts';
import { sanitizeRFC1123Label } from '../naming/label-value.ts';

export class PathTemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathTemplateError';
  }
}

type Step = { key: string } | { index: number };

const IDENTIFIER = /^[A-Za-z0-9_-]+/;
const BRACKET_KEY = /^\[\s*(?:'([^']*)'|"([^"]*)")\s*\]/;
const BRACKET_INDEX = /^\[\s*([0-9]+)\s*\]/;

/** Parses `.a.b['c'][0]` into steps; anything else is unsupported. */
export function parseFieldPath(expression: string): Step[] {
  const text = expression.trim();
  if (!text.startsWith('.') || text === '.') {
    throw new PathTemplateError(
      `unsupported expression "{${expression}}": it must start with "." and name a field`,
    );
  }
  const steps: Step[] = [];
  let rest = text;
  while (rest !== '') {
    if (rest.startsWith('.')) {
      const identifier = IDENTIFIER.exec(rest.slice(1));
      if (identifier === null) {
        throw new PathTemplateError(`unsupported expression "{${expression}}" at "${rest}"`);
      }
      steps.push({ key: identifier[0] });
      rest = rest.slice(1 + identifier[0].length);
      continue;
    }
    const key = BRACKET_KEY.exec(rest);
    if (key !== null) {
      steps.push({ key: key[1] ?? key[2] ?? '' });
      rest = rest.slice(key[0].length);
      continue;
    }
    const index = BRACKET_INDEX.exec(rest);
    if (index !== null) {
      steps.push({ index: Number(index[1]) });
      rest = rest.slice(index[0].length);
      continue;
    }
    throw new PathTemplateError(`unsupported expression "{${expression}}" at "${rest}"`);
  }
  return steps;
}

function describeSteps(steps: readonly Step[]): string {
  return steps.map((step) => ('key' in step ? `.${step.key}` : `[${step.index}]`)).join('');
}

/** The single scalar `expression` selects in `object`, as text. */
export function evaluateFieldPath(expression: string, object: unknown): string {
  const steps = parseFieldPath(expression);
  let current: unknown = object;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as Step;
    const at = describeSteps(steps.slice(0, i + 1));
    if ('key' in step) {
      if (
        typeof current !== 'object' ||
        current === null ||
        Array.isArray(current) ||
        !Object.hasOwn(current, step.key)
      ) {
        throw new PathTemplateError(`"{${expression}}": ${at} not found on the AIMService`);
      }
      current = (current as Record<string, unknown>)[step.key];
    } else {
      if (!Array.isArray(current) || step.index >= current.length) {
        throw new PathTemplateError(`"{${expression}}": ${at} not found on the AIMService`);
      }
      current = current[step.index];
    }
  }
  if (typeof current === 'string') return current;
  if (typeof current === 'number' || typeof current === 'boolean') return String(current);
  throw new PathTemplateError(`"{${expression}}" does not select a single value`);
}

/** Annotation values are used as written (they may add segments); everything else is made RFC 1123. */
function isAnnotationExpression(expression: string): boolean {
  const steps = parseFieldPath(expression);
  const [metadata, annotations] = steps;
  return (
    steps.length === 3 &&
    metadata !== undefined &&
    'key' in metadata &&
    metadata.key === 'metadata' &&
    annotations !== undefined &&
    'key' in annotations &&
    annotations.key === 'annotations'
  );
}

export type TemplatePart = { text: string } | { expression: string };

/** Splits `template` into literal text and `{expr}` placeholders; unbalanced braces are errors. */
export function splitPathTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    const close = template.indexOf('}', index);
    if (close >= 0 && (open < 0 || close < open)) {
      throw new PathTemplateError(`unbalanced "}" at position ${close} of "${template}"`);
    }
    if (open < 0) {
      parts.push({ text: template.slice(index) });
      break;
    }
    parts.push({ text: template.slice(index, open) });
    const end = template.indexOf('}', open + 1);
    if (end < 0) throw new PathTemplateError(`unclosed "{" at position ${open} of "${template}"`);
    const expression = template.slice(open + 1, end);
    if (expression.includes('{')) throw new PathTemplateError(`nested "{" in "${template}"`);
    parts.push({ expression });
    index = end + 1;
  }
  return parts;
}

/** Replaces every `{expr}` in `template` with its value on `object`. */
export function expandPathTemplate(template: string, object: unknown): string {
  let result = '';
  for (const part of splitPathTemplate(template)) {
    if ('text' in part) {
      result += part.text;
      continue;
    }
    const value = evaluateFieldPath(part.expression, object);
    result += isAnnotationExpression(part.expression) ? value : sanitizeRFC1123Label(value);
  }
  return result;
}

/**
 * Trim, leading `/`, no trailing `/`, every segment lower-cased with `[^a-z0-9-]` → `-`, dashes
 * trimmed, at most 63 characters; empty segments dropped. An empty result or one longer than 200
 * characters is an error.
 */
export function normalizeRoutePath(path: string): string {
  const segments = path
    .trim()
    .split('/')
    .map((segment) => sanitizeRFC1123Label(segment))
    .filter((segment) => segment !== '');
  if (segments.length === 0)
    throw new PathTemplateError(`path "${path}" has no segments left after normalising`);
  const normalized = `/${segments.join('/')}`;
  if (normalized.length > ROUTE_PATH_MAX_LENGTH) {
    throw new PathTemplateError(
      `path is ${normalized.length} characters long, more than the ${ROUTE_PATH_MAX_LENGTH} allowed`,
    );
  }
  return normalized;
}

export function defaultRoutePath(namespace: string, uid: string): string {
  return normalizeRoutePath(`/${namespace}/${uid}`);
}

export type RoutePathResult = { ok: true; path: string } | { ok: false; error: PathTemplateError };

/** The route path of `service`: its template rendered, or the default when there is no template. */
export function resolveRoutePath(
  template: string | undefined,
  service: { metadata: { namespace?: string | undefined; uid?: string | undefined } },
): RoutePathResult {
  try {
    if (template === undefined || template.trim() === '') {
      return {
        ok: true,
        path: defaultRoutePath(service.metadata.namespace ?? '', service.metadata.uid ?? ''),
      };
    }
    return { ok: true, path: normalizeRoutePath(expandPathTemplate(template, service)) };
  } catch (err) {
    if (err instanceof PathTemplateError) return { ok: false, error: err };
    throw err;
  }
}
