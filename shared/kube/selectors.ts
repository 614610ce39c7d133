/*
 * In-memory evaluation of label and field selectors with the API server's semantics, for code that
 * filters objects it already holds (and the fake client in tests).
 */

export type LabelRequirement =
  | { key: string; operator: 'Equals' | 'NotEquals'; value: string }
  | { key: string; operator: 'In' | 'NotIn'; values: string[] }
  | { key: string; operator: 'Exists' | 'DoesNotExist' };

/** Splits at commas that are not inside a `( … )` value set. */
function splitTopLevel(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of selector) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

// Label keys and values only ever hold these characters; anything else (`>`, `<`) is unsupported syntax.
const SET_REQUIREMENT = /^([\w./-]+)\s+(in|notin)\s*\(([\w.,\s-]*)\)$/;
const EQUALITY_REQUIREMENT = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/;
const KEY_ONLY = /^(!?)\s*([\w./-]+)$/;

/** Parses `a=b`, `a==b`, `a!=b`, `a`, `!a`, `a in (x,y)`, `a notin (x,y)`, comma-separated. */
export function parseLabelSelector(selector: string): LabelRequirement[] {
  return splitTopLevel(selector).map((part): LabelRequirement => {
    const set = SET_REQUIREMENT.exec(part);
    if (set) {
      const values = (set[3] ?? '')
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '');
      return { key: set[1] ?? '', operator: set[2] === 'in' ? 'In' : 'NotIn', values };
    }
    const equality = EQUALITY_REQUIREMENT.exec(part);
    if (equality) {
      return {
        key: equality[1] ?? '',
        operator: equality[2] === '!=' ? 'NotEquals' : 'Equals',
        value: equality[3] ?? '',
      };
    }
    const keyOnly = KEY_ONLY.exec(part);
    if (keyOnly) return { key: keyOnly[2] ?? '', operator: keyOnly[1] === '!' ? 'DoesNotExist' : 'Exists' };
    throw new Error(`unsupported label selector requirement: ${JSON.stringify(part)}`);
  });
}

function matchesRequirement(requirement: LabelRequirement, labels: Record<string, string>): boolean {
  const present = Object.hasOwn(labels, requirement.key);
  const value = labels[requirement.key] ?? '';
  switch (requirement.operator) {
    case 'Equals':
      return present && value === requirement.value;
    case 'NotEquals':
      return !present || value !== requirement.value;
    case 'In':
      return present && requirement.values.includes(value);
    case 'NotIn':
      return !present || !requirement.values.includes(value);
    case 'Exists':
      return present;
    case 'DoesNotExist':
      return !present;
  }
}

/** Negative requirements (`!=`, `notin`, `!a`) match objects that lack the label, as upstream. */
export function matchesLabelRequirements(
  requirements: readonly LabelRequirement[],
  labels: Record<string, string> | undefined,
): boolean {
  return requirements.every((requirement) => matchesRequirement(requirement, labels ?? {}));
}

export function matchesLabelSelector(selector: string, labels: Record<string, string> | undefined): boolean {
  return matchesLabelRequirements(parseLabelSelector(selector), labels);
}

export interface FieldRequirement {
  /** Dotted path such as `metadata.name` or `involvedObject.uid`. */
  field: string;
  operator: 'Equals' | 'NotEquals';
  value: string;
}

const FIELD_REQUIREMENT = /^([^=!\s]+)\s*(==|=|!=)\s*(.*)$/;

/** Parses `field=value`, `field==value`, `field!=value`, comma-separated. */
export function parseFieldSelector(selector: string): FieldRequirement[] {
  return splitTopLevel(selector).map((part) => {
    const match = FIELD_REQUIREMENT.exec(part);
    if (!match) throw new Error(`unsupported field selector requirement: ${JSON.stringify(part)}`);
    return {
      field: match[1] ?? '',
      operator: match[2] === '!=' ? 'NotEquals' : 'Equals',
      value: (match[3] ?? '').trim(),
    };
  });
}

export function fieldValue(object: unknown, path: string): string {
  let current: unknown = object;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null) return '';
    current = (current as Record<string, unknown>)[segment];
  }
  if (current === undefined || current === null) return '';
  return typeof current === 'string' ? current : String(current);
}

/** An absent field compares as the empty string, as the API server's field sets do. */
export function matchesFieldRequirements(
  requirements: readonly FieldRequirement[],
  object: unknown,
): boolean {
  return requirements.every((requirement) => {
    const equal = fieldValue(object, requirement.field) === requirement.value;
    return requirement.operator === 'Equals' ? equal : !equal;
  });
}

export function matchesFieldSelector(selector: string, object: unknown): boolean {
  return matchesFieldRequirements(parseFieldSelector(selector), object);
}

/** A LIST's label and field selectors, each parsed once for every object they are tested on. */
export interface ListSelectors {
  labels: LabelRequirement[];
  fields: FieldRequirement[];
}

export function parseListSelectors(options: {
  labelSelector?: string;
  fieldSelector?: string;
}): ListSelectors {
  return {
    labels: options.labelSelector ? parseLabelSelector(options.labelSelector) : [],
    fields: options.fieldSelector ? parseFieldSelector(options.fieldSelector) : [],
  };
}

export function matchesListSelectors(
  selectors: ListSelectors,
  object: { metadata: { labels?: Record<string, string> } },
): boolean {
  return (
    matchesLabelRequirements(selectors.labels, object.metadata.labels) &&
    matchesFieldRequirements(selectors.fields, object)
  );
}
