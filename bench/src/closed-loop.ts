/**
 * Runs `total` tasks keeping `concurrency` of them in flight (each worker starts its next task as soon as
 * the previous one ends); results in completion order.
 */
export async function closedLoop<T>(
  concurrency: number,
  total: number,
  task: () => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      results.push(await task());
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return results;
}
