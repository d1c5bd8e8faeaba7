/** Saves `content` as a file through a temporary object URL (the browser's download, no server round-trip). */
export function downloadFile(
  filename: string,
  content: Blob | string,
  type = 'text/plain;charset=utf-8',
): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
