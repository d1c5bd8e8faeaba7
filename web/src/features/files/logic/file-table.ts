import type { FileObject } from '@parley/shared/schemas/file';

/** SPEC §2 My files: ten rows a page. */
export const FILES_PAGE_SIZE = 10;

export type FileSortColumn = 'filename' | 'updatedAt';
export interface FileSort {
  column: FileSortColumn;
  direction: 'asc' | 'desc';
}

export interface FileTableState {
  filter: string;
  /** null: the server's order (newest first). */
  sort: FileSort | null;
  /** 0-based. */
  page: number;
}

export interface FileTableView {
  rows: FileObject[];
  /** Rows left after the filter, across all pages. */
  matching: number;
  page: number;
  pageCount: number;
}

type Row = Pick<FileObject, 'filename' | 'updatedAt'>;

/** Name contains the filter, ignoring case and surrounding spaces. */
export function filterFiles<T extends Row>(files: readonly T[], filter: string): T[] {
  const needle = filter.trim().toLocaleLowerCase();
  if (needle === '') return [...files];
  return files.filter((file) => file.filename.toLocaleLowerCase().includes(needle));
}

/** Name by locale order (numbers numerically), Date by time; stable, so ties keep the server's order. */
export function sortFiles<T extends Row>(files: readonly T[], sort: FileSort | null): T[] {
  if (!sort) return [...files];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const compare =
    sort.column === 'filename'
      ? (a: T, b: T) => a.filename.localeCompare(b.filename, undefined, { numeric: true })
      : (a: T, b: T) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
  return [...files].sort((a, b) => sign * compare(a, b));
}

/** The rows on screen: filtered, sorted, then one page of ten (the page is kept in range). */
export function fileTableView(files: readonly FileObject[], state: FileTableState): FileTableView {
  const matching = sortFiles(filterFiles(files, state.filter), state.sort);
  const pageCount = Math.max(1, Math.ceil(matching.length / FILES_PAGE_SIZE));
  const page = Math.min(Math.max(0, state.page), pageCount - 1);
  return {
    rows: matching.slice(page * FILES_PAGE_SIZE, (page + 1) * FILES_PAGE_SIZE),
    matching: matching.length,
    page,
    pageCount,
  };
}

/** A header click: ascending first, then descending, then ascending again. */
export function nextSort(current: FileSort | null, column: FileSortColumn): FileSort {
  if (current?.column === column && current.direction === 'asc') return { column, direction: 'desc' };
  return { column, direction: 'asc' };
}
