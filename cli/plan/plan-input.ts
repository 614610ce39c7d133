/**
 * The AIMService a plan is about, as the functions would read it after `kubectl apply -f`: the
 * file's object sent as a server-side dry-run apply (nothing is stored) comes back validated by
 * the CRD (schema and CEL rules), defaulted, and merged with the stored service when there is one
 * (its uid and status are what the functions would see). When the dry run is not possible (no
 * permission to create, no such namespace yet) the file is checked against the same zod schema
 * the functions parse with, and the plan says so.
 */
import { readFileSync } from 'node:fs';
import { type AIMService, AIMServiceSchema } from '../../shared/api/aim-service.ts';
import { isKubeError } from '../../shared/kube/errors.ts';
import type { KubeClient, KubeObject } from '../../shared/kube/types.ts';
import { yamlObjects } from '../../shared/kube/yaml-objects.ts';
import { describeIssues } from '../../shared/reconcile/spec-issues.ts';
import { CliError } from '../connection.ts';

export const PLAN_FIELD_MANAGER = 'kubectl-aim-plan';

export type PreparedService =
  | { ok: true; object: KubeObject; service: AIMService; checkedBy: string; exists: boolean }
  | { ok: false; object: KubeObject; reason: string; checkedBy: string };

/** The AIMService documents of a file (or stdin for `-`), each with a namespace. */
export function serviceDocuments(text: string, namespace: string): KubeObject[] {
  let objects: KubeObject[];
  try {
    objects = yamlObjects(text);
  } catch (err) {
    throw new CliError(`the file is not YAML: ${(err as Error).message}`);
  }
  const services = objects.filter((o) => o.kind === 'AIMService');
  if (services.length === 0) throw new CliError('the file holds no AIMService');
  return services.map((o) => ({
    ...o,
    metadata: { ...(o.metadata ?? {}), namespace: o.metadata?.namespace ?? namespace },
  }));
}

export function readServiceFile(path: string, namespace: string): KubeObject[] {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`);
  }
  return serviceDocuments(text, namespace);
}

function parsed(object: KubeObject, checkedBy: string, exists: boolean): PreparedService {
  const result = AIMServiceSchema().safeParse(object);
  if (!result.success) return { ok: false, object, reason: describeIssues(result.error.issues), checkedBy };
  return { ok: true, object, service: result.data, checkedBy, exists };
}

function invalidReason(err: unknown): string {
  if (!isKubeError(err)) return String(err);
  const causes = err.details.causes ?? [];
  if (causes.length === 0) return err.details.message ?? err.message;
  return causes.map((c) => (c.field ? `${c.field}: ${c.message ?? c.reason}` : (c.message ?? ''))).join('; ');
}

export async function prepareService(client: KubeClient, document: KubeObject): Promise<PreparedService> {
  const stored = await client.getOptional({
    apiVersion: document.apiVersion,
    kind: 'AIMService',
    namespace: document.metadata.namespace ?? '',
    name: document.metadata.name,
  });
  const exists = stored !== undefined;
  try {
    const dryRun = await client.apply(document, {
      fieldManager: PLAN_FIELD_MANAGER,
      force: true,
      dryRun: true,
    });
    return parsed(dryRun, 'server-side dry run', exists);
  } catch (err) {
    if (isKubeError(err) && (err.reason === 'Invalid' || err.reason === 'BadRequest'))
      return { ok: false, object: document, reason: invalidReason(err), checkedBy: 'server-side dry run' };
    if (isKubeError(err) && (err.reason === 'Forbidden' || err.reason === 'NotFound'))
      return parsed(
        stored
          ? {
              ...document,
              metadata: { ...document.metadata, uid: stored.metadata.uid },
              status: stored.status,
            }
          : document,
        `local schema check (dry run not possible: ${err.details.message ?? err.reason})`,
        exists,
      );
    throw err;
  }
}
