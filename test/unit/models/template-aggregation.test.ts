import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../shared/kube/types.ts';
import { aggregateTemplateStatuses } from '../../../shared/models/template-aggregation.ts';

const template = (status?: string): KubeObject => ({
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMServiceTemplate',
  metadata: { name: 't' },
  ...(status === undefined ? {} : { status: { status } }),
});
const templates = (...statuses: (string | undefined)[]) => statuses.map(template);

describe('aggregateTemplateStatuses (spec §7.5)', () => {
  it.each([
    [[], 'unknown', 'Progressing', 'AwaitingMetadata'],
    [[], 'yes', 'Progressing', 'CreatingTemplates'],
    [[], 'no', 'Ready', 'NoTemplatesExpected'],
    [['Ready', 'Ready'], 'yes', 'Ready', 'AllTemplatesReady'],
    [['Failed', 'Degraded'], 'yes', 'Failed', 'AllTemplatesFailed'],
    [['NotAvailable', 'NotAvailable'], 'yes', 'NotAvailable', 'NoTemplatesAvailable'],
    [['Ready', 'Failed', 'Progressing'], 'yes', 'Degraded', 'SomeTemplatesDegraded'],
    [['Ready', 'Pending'], 'yes', 'Progressing', 'TemplatesProgressing'],
    [['Ready', 'Progressing', 'NotAvailable'], 'yes', 'Progressing', 'TemplatesProgressing'],
    [['Ready', 'NotAvailable', 'NotAvailable'], 'yes', 'Ready', 'SomeTemplatesReady'],
    [['Ready', undefined], 'yes', 'Progressing', 'TemplatesProgressing'],
    [[undefined], 'yes', 'Progressing', 'TemplatesProgressing'],
  ] as const)('%j (expects %s) → %s / %s', (statuses, expectation, state, reason) => {
    expect(aggregateTemplateStatuses(templates(...statuses), expectation, 2)).toMatchObject({
      state,
      reason,
    });
  });

  it('says how many templates it is creating and how many are ready', () => {
    expect(aggregateTemplateStatuses([], 'yes', 5).message).toBe('Creating 5 service templates');
    expect(aggregateTemplateStatuses(templates('Ready', 'NotAvailable'), 'yes').message).toBe(
      '1 of 2 service templates are ready; 1 need hardware this cluster lacks',
    );
  });
});
