import { describe, expect, it } from 'vitest';
import { AIMModelSpecSchema } from '../../../shared/api/aim-model.ts';
import { buildResources } from '../../../shared/inference/isvc-resources.ts';
import { NAMESPACED_MODEL_SCOPE } from '../../../shared/models/model-scope.ts';
import { desiredTemplates } from '../../../shared/models/template-builders.ts';
import { compareQuantities } from '../../../shared/quantity/quantity.ts';
import { resolveHardware } from '../../../shared/templates/resolved-hardware.ts';

/*
 * Regression (issue 13): a custom model whose resources say `cpu: "2"` came back as `"2000m"`.
 * A quantity travels from the model through the generated template and its status into the
 * InferenceService exactly as the user wrote it; only comparisons look at its value.
 */
describe('quantities are kept exactly as written', () => {
  it.each(['2', '2000m', '0.5', '1500m', 2])(
    'cpu %j reaches the template, its status and the ISVC unchanged',
    (cpu) => {
      const spec = AIMModelSpecSchema().parse({
        image: 'ghcr.io/amd/aim-base:v1.0.0',
        modelSources: [{ sourceUri: 'hf://org/model' }],
        custom: { hardware: { gpu: { requests: 1, model: 'MI300X' }, cpu: { requests: cpu, limits: cpu } } },
      });
      const [template] = desiredTemplates(
        NAMESPACED_MODEL_SCOPE,
        { name: 'm', namespace: 'team', spec },
        undefined,
      );
      const templateSpec = template?.spec as {
        hardware: Parameters<typeof resolveHardware>[1];
        resources: Parameters<typeof buildResources>[1];
      };
      expect(templateSpec.resources).toEqual({ requests: { cpu }, limits: { cpu } });
      expect(templateSpec.hardware?.cpu).toEqual({ requests: cpu, limits: cpu });

      const resolved = resolveHardware(undefined, templateSpec.hardware);
      expect(resolved?.cpu).toEqual({ requests: cpu, limits: cpu });

      const resources = buildResources(resolved?.gpu, templateSpec.resources, undefined);
      expect(resources.requests?.cpu).toBe(cpu);
      expect(resources.limits?.cpu).toBe(cpu);
    },
  );

  it('compares spellings of one quantity as equal without rewriting either', () => {
    expect(compareQuantities('2', '2000m')).toBe(0);
    expect(compareQuantities('1Gi', '1024Mi')).toBe(0);
    expect(compareQuantities('0.5', '499m')).toBeGreaterThan(0);
  });
});
