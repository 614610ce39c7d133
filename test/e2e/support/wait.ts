/** Polls until `probe` returns a value (not undefined/false), or fails with what was last seen. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  { timeoutMs = 60_000, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(
    `timed out waiting for ${what}; last: ${last instanceof Error ? last.message : JSON.stringify(last)}`,
  );
}
