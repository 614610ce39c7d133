/**
 * Runs `work` over `items` with at most `limit` in flight and settles every item (like
 * `Promise.allSettled`), so one failure neither stops nor hides the others.
 */
export async function settleWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index] as T) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** `settleWithConcurrency` for work without results: each failure goes to `onFailure` with its item. */
export async function eachWithConcurrency<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
  onFailure: (item: T, reason: unknown) => void,
): Promise<void> {
  const outcomes = await settleWithConcurrency(items, limit, work);
  for (const [index, outcome] of outcomes.entries())
    if (outcome.status === 'rejected') onFailure(items[index] as T, outcome.reason);
}
