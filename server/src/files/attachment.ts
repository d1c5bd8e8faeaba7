export interface Attachment {
  file_id: string;
  filename: string;
  filepath: string;
  type: string;
  width?: number | null;
  height?: number | null;
  bytes: number;
  text?: string | null;
  /** Knowledge: `indexed` (its passages can be searched), `no_text`; null for other files. */
  textState?: 'indexed' | 'no_text' | null;
  read(): Promise<Buffer>;
}
