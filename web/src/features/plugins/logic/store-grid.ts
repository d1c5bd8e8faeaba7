/** SPEC §2 Plugin store: how many tools a page shows at a viewport width, and in how many columns. */
export interface StoreGrid {
  columns: number;
  pageSize: number;
}

export function storeGrid(width: number): StoreGrid {
  if (width < 501) return { columns: 1, pageSize: 8 };
  if (width < 640) return { columns: 2, pageSize: 4 };
  if (width < 1024) return { columns: 3, pageSize: 6 };
  return { columns: 4, pageSize: 8 };
}

/** The tools whose name contains `search` (any case), the store entry itself left out. */
export function searchTools<T extends { name: string; isButton?: boolean }>(
  plugins: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  return plugins.filter(
    (plugin) => !plugin.isButton && (needle === '' || plugin.name.toLocaleLowerCase().includes(needle)),
  );
}

/** At least one page, even when nothing matches. */
export function pageCount(items: number, pageSize: number): number {
  return Math.max(1, Math.ceil(items / pageSize));
}
