import { sanitizeLabelValue } from '../naming/label-value.ts';

/** `sanitizeLabelValue`, or undefined when nothing usable is left (the label is then left out). */
export function safeLabelValue(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  try {
    return sanitizeLabelValue(value);
  } catch {
    return undefined;
  }
}
