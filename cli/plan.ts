/**
 * `kubectl aim plan -f service.yaml`: what each AIMService of the file would become, without
 * writing anything (see plan/plan-service.ts). Exits non-zero when a service could not get an
 * InferenceService, so scripts can gate an apply on it.
 */
import { type CliArgs, UsageError } from './args.ts';
import { CliError, type Connection, checkAccess, explainApiError } from './connection.ts';
import { formatResult } from './output.ts';
import { prepareService, readServiceFile } from './plan/plan-input.ts';
import { renderPlan } from './plan/plan-report.ts';
import { planService, type ServicePlan } from './plan/plan-service.ts';
import { readOnlyClient } from './read-only-client.ts';

export interface PlanOutcome {
  output: string;
  /** Every service gets an InferenceService (now or once its cache is Ready). */
  renderable: boolean;
}

async function planOne(
  connection: Connection,
  document: Parameters<typeof prepareService>[1],
): Promise<ServicePlan> {
  const prepared = await prepareService(connection.client, document);
  const namespace = document.metadata.namespace ?? '';
  if (!prepared.ok)
    return {
      service: { name: document.metadata.name, namespace, exists: false, checkedBy: prepared.checkedBy },
      invalid: prepared.reason,
    };
  return planService({
    client: readOnlyClient(connection.client),
    object: prepared.object,
    service: prepared.service,
    exists: prepared.exists,
    checkedBy: prepared.checkedBy,
  });
}

export async function planCommand(args: CliArgs, connection: Connection): Promise<PlanOutcome> {
  if (args.filename === undefined) throw new UsageError('usage: kubectl aim plan -f service.yaml');
  const documents = readServiceFile(args.filename, connection.namespace);
  const namespaces = [...new Set(documents.map((d) => d.metadata.namespace ?? ''))];
  for (const namespace of namespaces) await checkAccess(connection, namespace);
  const plans: ServicePlan[] = [];
  for (const document of documents) {
    try {
      plans.push(await planOne(connection, document));
    } catch (err) {
      if (err instanceof CliError) throw err;
      throw explainApiError(err, `plan AIMService ${document.metadata.name}`, connection);
    }
  }
  const renderable = plans.every((p) => p.inferenceService?.object !== undefined);
  const data = plans.length === 1 ? plans[0] : { items: plans };
  return { output: formatResult(args.output, data, () => plans.map(renderPlan).join('\n\n')), renderable };
}
