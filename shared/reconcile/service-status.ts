/**
 * AIMService's status enum has no Progressing/Ready/NotAvailable (spec §3.1, §10.9): the framework
 * status is mapped when written. NotAvailable (a template with no matching GPUs) becomes Pending,
 * the fix for quirk 6 — the CRD would reject NotAvailable — while `TemplateReady=False
 * TemplateNotReady` still says why.
 */
import type { AIMStatus, SERVICE_STATUS_VALUES } from '../constants/status.ts';

export type ServiceStatus = (typeof SERVICE_STATUS_VALUES)[number];

export function aimServiceStatus(status: AIMStatus): ServiceStatus {
  switch (status) {
    case 'Progressing':
      return 'Starting';
    case 'Ready':
      return 'Running';
    case 'NotAvailable':
      return 'Pending';
    default:
      return status;
  }
}
