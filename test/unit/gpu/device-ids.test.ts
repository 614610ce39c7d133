import { describe, expect, it } from 'vitest';
import {
  AMD_GPU_MODEL_BY_DEVICE_ID,
  AMD_GPU_STATIC_VRAM,
  deviceIdsForModel,
} from '../../../shared/gpu/device-ids.ts';

describe('device-id table (spec §9.2)', () => {
  it('holds the 35 published device ids as lower-case hex', () => {
    const ids = Object.keys(AMD_GPU_MODEL_BY_DEVICE_ID);
    expect(ids).toHaveLength(35);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{4}$/);
  });

  it.each([
    ['MI300X', ['74a1', '74a9', '74b5', '74bd']],
    ['MI325X', ['74a5', '74b9']],
    ['MI308X', ['74a2', '74a8', '74b6']],
    ['MI350X', ['75a0', '75b0']],
    ['MI355X', ['75a3', '75b3']],
    ['MI250X', ['7408', '740c']],
    ['MI210', ['740f', '7410']],
    ['RX7900', ['744c']],
    ['NOPE', []],
  ])('%s ⇒ %j', (model, ids) => {
    expect(deviceIdsForModel(model)).toEqual(ids);
  });

  it('has a static VRAM entry for every model in the table', () => {
    for (const model of new Set(Object.values(AMD_GPU_MODEL_BY_DEVICE_ID))) {
      expect(AMD_GPU_STATIC_VRAM[model], model).toMatch(/^\d+G$/);
    }
  });
});
