import { createContext, useContext, type ReactNode } from 'react';
import type { MessageFile } from '../logic/build-request';

/** Draws a message's files; app/ provides the files feature's view (features never import each other). */
export type RenderMessageFiles = (files: readonly MessageFile[]) => ReactNode;

export const MessageFilesSlot = createContext<RenderMessageFiles | null>(null);

/** A message's files, drawn by the provided renderer; nothing without files or without a renderer. */
export function MessageFilesOutlet({ files }: { files: readonly MessageFile[] | undefined }) {
  const render = useContext(MessageFilesSlot);
  if (!render || !files || files.length === 0) return null;
  return render(files);
}
