import { definition } from '../../../../functions/service-resolve/reconcilers.ts';
import { aimObject, describeFunctionHttp } from '../function-http-harness.ts';

describeFunctionHttp({
  definition,
  resourceObject: aimObject('AIMService', 'chat', { model: { name: 'llama' } }, 'team-a'),
  referenceObject: aimObject('AIMService', 'chat-2', { model: { name: 'llama' } }, 'team-b'),
  // Not the AIMService summary writer: only its own conditions.
  writesSummary: false,
});
