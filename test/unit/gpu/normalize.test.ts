import { describe, expect, it } from 'vitest';
import { gpuModelFromDeviceId, normalizeDeviceId, normalizeGPUModel } from '../../../shared/gpu/normalize.ts';

describe('normalizeGPUModel (spec §9.2)', () => {
  it.each([
    ['MI300X (rev 2)', 'MI300X'],
    ['Instinct-MI325X', 'MI325X'],
    ['RX7900-XTX', 'RX7900'],
    ['mi300x', 'MI300X'],
    ['  AMD Instinct MI250X  ', 'MI250X'],
    ['amd_instinct_mi210', 'MI210'],
    ['Radeon/W7900', 'W7900'],
    ['AMD', 'AMD'],
    ['unknown gpu', 'UNKNOWN'],
    ['', ''],
    ['  ', ''],
  ])('%j ⇒ %j', (input, expected) => {
    expect(normalizeGPUModel(input)).toBe(expected);
  });
});

describe('device ids', () => {
  it.each([
    ['74a1', 'MI300X'],
    ['0x74A1', 'MI300X'],
    [' 74B5 ', 'MI300X'],
    ['75a0', 'MI350X'],
    ['ffff', 'AMD-FFFF'],
    ['0xDEAD', 'AMD-DEAD'],
    // Label values are arbitrary text; they must not reach Object.prototype.
    ['constructor', 'AMD-CONSTRUCTOR'],
    ['__proto__', 'AMD-__PROTO__'],
  ])('%j ⇒ %s', (id, model) => {
    expect(gpuModelFromDeviceId(id)).toBe(model);
  });

  it('normalizes case, whitespace and the 0x prefix', () => {
    expect(normalizeDeviceId(' 0X74A1 ')).toBe('74a1');
  });
});
