/** Resolves after `ms`; the timer does not keep the process alive (a bound to race work against). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
