/**
 * A positive whole number from the environment, `fallback` when unset. A malformed value throws
 * a RangeError naming the variable, so a function stops at start instead of silently running
 * with a surprising limit.
 */
export function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new RangeError(`${name}: "${text}" is not a positive whole number`);
  }
  return Number(text);
}
