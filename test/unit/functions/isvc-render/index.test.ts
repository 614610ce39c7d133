import { definition } from '../../../../functions/isvc-render/reconcilers.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

describeFunctionHttp({
  definition,
  resourceObject: aimObject('AIMService', 'chat', { model: { name: 'llama' } }, 'team-a'),
  referenceObject: aimObject('AIMService', 'chat-2', { model: { name: 'llama' } }, 'team-b'),
  // The AIMService summary writer.
  writesSummary: true,
});
