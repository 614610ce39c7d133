import { describe, expect, it } from 'vitest';
import { definition as serviceResolve } from '../../../functions/service-resolve/reconcilers.ts';
import { AIMServiceSchema } from '../../../shared/api/aim-service.ts';
import type { FunctionDefinition } from '../../../shared/runtime/function-types.ts';
import { prepareFirstEvent } from '../../../shared/runtime/prepare.ts';

describe('prepareFirstEvent', () => {
  it("builds each owned kind's schema, one per turn of the event loop", async () => {
    const built: string[] = [];
    const definition = {
      ...serviceResolve,
      reconcilers: serviceResolve.reconcilers.map((reconciler) => ({
        ...reconciler,
        schema: () => {
          built.push(reconciler.gvk.kind);
          return reconciler.schema();
        },
      })),
    } as FunctionDefinition;
    const prepared = prepareFirstEvent(definition);
    expect(built).toEqual([]);
    await prepared;
    expect(built).toEqual(serviceResolve.reconcilers.map((reconciler) => reconciler.gvk.kind));
  });

  it('builds the same instance the reconciles parse with', async () => {
    await prepareFirstEvent(serviceResolve);
    const service = serviceResolve.reconcilers.find((reconciler) => reconciler.gvk.kind === 'AIMService');
    expect(service?.schema()).toBe(AIMServiceSchema());
  });
});
