/**
 * A list on the server whose reads answer with the rows as they were when they arrived, but reach the client
 * only once `land()` is called: a read answered before a change lands after it.
 */
export function slowList<Row>(initial: Row[]) {
  const rows = [...initial];
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  let reads = 0;
  return {
    queryFn: async (): Promise<Row[]> => {
      reads += 1;
      const answer = [...rows];
      await gate;
      return answer;
    },
    add: (row: Row) => rows.unshift(row),
    land: () => open(),
    hold: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    reads: () => reads,
  };
}
