/**
 * `real`: KServe's own controller manager and webhooks run the InferenceServices. `simulated`:
 * the cluster simulator plays KServe instead (a faster loop; no webhooks, no Deployments).
 */
export type KServeMode = 'real' | 'simulated';

export const KSERVE_MODES: readonly KServeMode[] = ['real', 'simulated'];

/** The value of a `--kserve=<mode>` flag (default real); anything else is refused by name. */
export function parseKServeMode(value: string | undefined): KServeMode {
  if (value === undefined) return 'real';
  const mode = KSERVE_MODES.find((candidate) => candidate === value);
  if (mode === undefined)
    throw new Error(`--kserve must be one of ${KSERVE_MODES.join(', ')}, not "${value}"`);
  return mode;
}

/** `--kserve=<mode>` among a script's arguments. */
export function kserveModeFromArgs(argv: readonly string[]): KServeMode {
  const flag = argv.find((arg) => arg.startsWith('--kserve='));
  return parseKServeMode(flag?.slice('--kserve='.length));
}
