import { createContext, useContext, type ReactNode } from 'react';
import type { MessageSource } from '@parley/shared/schemas/message';
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

/** Draws a reply's sources (knowledge passages); app/ provides the files feature's view. */
export type RenderMessageSources = (sources: readonly MessageSource[]) => ReactNode;

export const MessageSourcesSlot = createContext<RenderMessageSources | null>(null);

/** A reply's sources, drawn by the provided renderer; nothing without sources or without a renderer. */
export function MessageSourcesOutlet({ sources }: { sources: readonly MessageSource[] | undefined }) {
  const render = useContext(MessageSourcesSlot);
  if (!render || !sources || sources.length === 0) return null;
  return render(sources);
}
