/**
 * A whole number (0 included) from the environment, `fallback` when unset: for settings where 0
 * means "off". A malformed value throws a RangeError naming the variable, so a function stops at
 * start instead of silently running with a surprising setting.
 */
export function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = ''): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text)) throw new RangeError(`${name}: "${text}" is not a whole number${unit}`);
  return Number(text);
}
