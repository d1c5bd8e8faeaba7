export interface Attachment {
  file_id: string;
  filename: string;
  filepath: string;
  type: string;
  width?: number | null;
  height?: number | null;
  bytes: number;
  text?: string | null;
  read(): Promise<Buffer>;
}
