import { describe, expect, it } from 'vitest';
import {
  AIM_LABEL_DOMAIN,
  CONTROLLER_NAMES,
  controllerManagedBy,
  controllerNameLabel,
  LABELS,
} from '../../../shared/constants/labels.ts';
import { sanitizeLabelValue } from '../../../shared/naming/label-value.ts';

describe('label keys', () => {
  it('puts every AIM label key under the AIM domain, except template-created', () => {
    for (const [name, key] of Object.entries(LABELS)) {
      if (name === 'templateCreated') expect(key).toBe('template-created');
      else expect(key.startsWith(`${AIM_LABEL_DOMAIN}/`), name).toBe(true);
    }
  });

  it('declares each key once', () => {
    const keys = Object.values(LABELS);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('controller labels (spec §5.1, §15.1)', () => {
  it.each([
    ['service', 'aim.eai.amd.com/service.name', 'aim-service-controller'],
    ['template-cache', 'aim.eai.amd.com/template-cache.name', 'aim-template-cache-controller'],
    ['artifact', 'aim.eai.amd.com/artifact.name', 'aim-artifact-controller'],
    ['service-template', 'aim.eai.amd.com/service-template.name', 'aim-service-template-controller'],
  ] as const)('%s ⇒ %s, managed by %s', (controller, label, managedBy) => {
    expect(controllerNameLabel(controller)).toBe(label);
    expect(controllerManagedBy(controller)).toBe(managedBy);
  });

  it('matches the template cache label artifacts are selected by', () => {
    expect(controllerNameLabel(CONTROLLER_NAMES.templateCache)).toBe(LABELS.templateCacheName);
  });

  it('produces managed-by values that are valid label values', () => {
    for (const controller of Object.values(CONTROLLER_NAMES)) {
      const value = controllerManagedBy(controller);
      expect(sanitizeLabelValue(value)).toBe(value);
    }
  });
});
