import { definition } from '../../../../functions/model-inspect/reconcilers.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

describeFunctionHttp({
  definition,
  resourceObject: aimObject('AIMModel', 'llama', { image: 'registry.example/llama:1' }, 'team-a'),
  referenceObject: aimObject('AIMClusterModel', 'llama-cluster', { image: 'registry.example/llama:1' }),
  writesSummary: true,
});
