/** The faas-js-runtime entry point (handle, init, shutdown, health probes), built from the definition. */
import { defineFunction } from '../../shared/runtime/define-function.ts';
import { definition } from './reconcilers.ts';

export const { handle, init, shutdown, liveness, readiness, prepare } = defineFunction(definition);
