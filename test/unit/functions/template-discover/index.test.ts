import { definition } from '../../../../functions/template-discover/reconcilers.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

describeFunctionHttp({
  definition,
  resourceObject: aimObject('AIMServiceTemplate', 'llama-mi300x', { modelName: 'llama' }, 'team-a'),
  referenceObject: aimObject('AIMClusterServiceTemplate', 'llama-mi300x', { modelName: 'llama' }),
  writesSummary: true,
});
