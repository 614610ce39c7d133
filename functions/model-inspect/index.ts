/** The faas-js-runtime entry point: `handle`, `init` and `shutdown` built from the definition. */
import { defineFunction } from '../../shared/runtime/define-function.ts';
import { definition } from './reconcilers.ts';

export const { handle, init, shutdown } = defineFunction(definition);
