/**
 * AMD PCI device id → GPU model, as published in the node label `amd.com/gpu.device-id` by the
 * AMD device plugin / node labeller (spec §9.2). Keys are lower-case hex without `0x`.
 */
export const AMD_GPU_MODEL_BY_DEVICE_ID: Readonly<Record<string, string>> = {
  '738c': 'MI100',
  '738e': 'MI100',
  '7408': 'MI250X',
  '740c': 'MI250X', // MI250 / MI250X
  '740f': 'MI210',
  '7410': 'MI210', // VF
  '74a0': 'MI300A',
  '74a1': 'MI300X',
  '74a2': 'MI308X',
  '74a5': 'MI325X',
  '74a8': 'MI308X', // HF
  '74a9': 'MI300X', // HF
  '74b5': 'MI300X', // VF
  '74b6': 'MI308X',
  '74b9': 'MI325X', // VF
  '74bd': 'MI300X', // HF
  '75a0': 'MI350X',
  '75a3': 'MI355X',
  '75b0': 'MI350X', // VF
  '75b3': 'MI355X', // VF
  '7460': 'V710',
  '7461': 'V710', // MxGPU
  '7448': 'W7900',
  '744a': 'W7900', // dual slot
  '7449': 'W7800', // 48GB
  '745e': 'W7800',
  '73a2': 'W6900X',
  '73a3': 'W6800', // GL-XL
  '73ab': 'W6800X', // W6800X / Duo
  '73a1': 'V620',
  '73ae': 'V620', // MxGPU
  '7550': 'RX9070', // 9070 / XT
  '744c': 'RX7900', // XT / XTX / GRE / M
  '73af': 'RX6900',
  '73bf': 'RX6800', // 6800 / 6800XT / 6900XT
};

/** Per-GPU memory in the device plugin's label format, for nodes without `amd.com/gpu.vram`. */
export const AMD_GPU_STATIC_VRAM: Readonly<Record<string, string>> = {
  MI355X: '288G',
  MI350X: '288G',
  MI325X: '256G',
  MI308X: '128G',
  MI300X: '192G',
  MI300A: '128G',
  MI250X: '128G',
  MI210: '64G',
  MI100: '32G',
  V710: '32G',
  W7900: '48G',
  W7800: '32G',
  W6900X: '32G',
  W6800: '32G',
  W6800X: '32G',
  V620: '32G',
  RX9070: '16G',
  RX7900: '24G',
  RX6900: '16G',
  RX6800: '16G',
};

/** Every device id of a model, sorted (a model has several: bare metal, VF, HF variants). */
export function deviceIdsForModel(model: string): string[] {
  return Object.entries(AMD_GPU_MODEL_BY_DEVICE_ID)
    .filter(([, known]) => known === model)
    .map(([id]) => id)
    .sort();
}

/** Every model the tables above name: a requested model outside it is likely a typo. */
export const KNOWN_AMD_GPU_MODELS: readonly string[] = [
  ...new Set([...Object.values(AMD_GPU_MODEL_BY_DEVICE_ID), ...Object.keys(AMD_GPU_STATIC_VRAM)]),
].sort();
