import { createContext, useContext } from 'react';

/** How a tool is shown in a message: its display name and icon (app/ fills this from the plugin list). */
export interface ToolLabel {
  name: string;
  icon?: string;
}

export const ToolLabels = createContext<Readonly<Record<string, ToolLabel>>>({});

/** The label of a called function: the tool's name when known, else the function name as the model used it. */
export function useToolLabel(functionName: string | undefined): ToolLabel {
  const labels = useContext(ToolLabels);
  const name = functionName ?? '';
  return labels[name] ?? { name };
}
