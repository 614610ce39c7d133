/**
 * The five function modules by name, each imported only when asked for. Static import paths, so
 * the same code runs from source (`.ts`) and bundled (the bundler follows them; one chunk each).
 */
import type { Function as FaasFunction } from 'faas-js-runtime';
import type { FunctionModule } from '../shared/runtime/function-types.ts';

export const FUNCTION_NAMES = [
  'model-inspect',
  'template-discover',
  'service-resolve',
  'cache-manage',
  'isvc-render',
] as const;

export type FunctionName = (typeof FUNCTION_NAMES)[number];

/** What the runtime serves, and what the entry point readies once it listens. */
export type LoadedFunction = FaasFunction & Pick<FunctionModule, 'prepare'>;

const LOADERS: Record<FunctionName, () => Promise<LoadedFunction>> = {
  'model-inspect': () => import('./model-inspect/index.ts'),
  'template-discover': () => import('./template-discover/index.ts'),
  'service-resolve': () => import('./service-resolve/index.ts'),
  'cache-manage': () => import('./cache-manage/index.ts'),
  'isvc-render': () => import('./isvc-render/index.ts'),
};

export function isFunctionName(name: string): name is FunctionName {
  return (FUNCTION_NAMES as readonly string[]).includes(name);
}

export function loadFunction(name: FunctionName): Promise<LoadedFunction> {
  return LOADERS[name]();
}
