import { createContext } from 'react';

/** What an error card needs to know about the reply's endpoint, provided by app/ (which knows the endpoints). */
export interface ErrorHelp {
  /** The endpoint's display name ("OpenAI", a custom endpoint's name); the raw name when unknown. */
  endpointLabel: (endpoint: string | null | undefined) => string;
  /** The user sets this endpoint's key themselves (`userProvide`): only then does a card offer "Set API key". */
  userProvidesKey: (endpoint: string | null | undefined) => boolean;
  /** Opens the key dialog of the endpoint. */
  setKey: (endpoint: string) => void;
}

export const ErrorHelpSlot = createContext<ErrorHelp | null>(null);
