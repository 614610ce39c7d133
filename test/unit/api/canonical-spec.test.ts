import { describe, expect, it, vi } from 'vitest';
import { AIMServiceSpecSchema } from '../../../shared/api/aim-service.ts';
import { canonicalSpec } from '../../../shared/api/forms/canonical.ts';
import { deepFreeze } from '../../../shared/cache/frozen.ts';

const spec = () => ({ model: { name: 'llama' }, template: { name: 'llama-mi300x' }, replicas: 1 });

describe('canonicalSpec', () => {
  it('parses a frozen (cached) spec once and shares the frozen answer', () => {
    const parse = vi.spyOn(AIMServiceSpecSchema(), 'safeParse');
    try {
      const cached = deepFreeze(spec());
      const first = canonicalSpec(AIMServiceSpecSchema(), cached);
      const second = canonicalSpec(AIMServiceSpecSchema(), cached);
      expect(second).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      expect(parse).toHaveBeenCalledTimes(1);
      // Another version of the object is another parse.
      canonicalSpec(AIMServiceSpecSchema(), deepFreeze(spec()));
      expect(parse).toHaveBeenCalledTimes(2);
    } finally {
      parse.mockRestore();
    }
  });

  it('parses a spec that may still change (not frozen) every time, and returns one that does not parse as it is', () => {
    const parse = vi.spyOn(AIMServiceSpecSchema(), 'safeParse');
    try {
      const live = spec();
      canonicalSpec(AIMServiceSpecSchema(), live);
      canonicalSpec(AIMServiceSpecSchema(), live);
      expect(parse).toHaveBeenCalledTimes(2);
      const invalid = deepFreeze({ replicas: 'many' });
      expect(canonicalSpec(AIMServiceSpecSchema(), invalid)).toBe(invalid);
    } finally {
      parse.mockRestore();
    }
  });
});
