import { definition } from '../../../../functions/cache-manage/reconcilers.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

describeFunctionHttp({
  definition,
  resourceObject: aimObject(
    'AIMTemplateCache',
    'llama-cache',
    { templateName: 'llama', templateScope: 'Namespace' },
    'team-a',
  ),
  referenceObject: aimObject(
    'AIMArtifact',
    'llama-weights',
    { sourceUri: 'hf://meta-llama/Llama-3.1-8B' },
    'team-a',
  ),
  writesSummary: true,
});
