/**
 * Retrieval for assistants, one rule for the server and the web (issue 23): every model of the assistants'
 * server may search knowledge files (it is a server with tool calls), unless YAML `retrievalModels` narrows
 * the models or YAML `capabilities` leaves `retrieval` out. The server applies it when an assistant is saved
 * and publishes its inputs in `GET /api/endpoints`; the builder reads them through this same function.
 */
export type RetrievalBlock =
  /** YAML `capabilities` does not include `retrieval`. */
  | { type: 'capability_off' }
  /** YAML `retrievalModels` is set and does not list this model. */
  | { type: 'model_not_listed'; model: string };

export interface RetrievalSettings {
  /** Whether the server offers the `retrieval` capability at all. */
  capabilityOn: boolean;
  /** YAML `retrievalModels`; absent: every model. */
  retrievalModels?: readonly string[] | undefined;
}

/** Why an assistant on `model` cannot use retrieval, or null when it can. */
export function retrievalBlock(model: string, settings: RetrievalSettings): RetrievalBlock | null {
  if (!settings.capabilityOn) return { type: 'capability_off' };
  if (settings.retrievalModels && !settings.retrievalModels.includes(model)) {
    return { type: 'model_not_listed', model };
  }
  return null;
}

/**
 * Documents the knowledge search reads (SPEC §4: knowledge files are split into retrieval and code-interpreter
 * files by MIME type); every other file is a code-interpreter file.
 */
const RETRIEVAL_DOCUMENT_TYPES =
  /^(text\/(plain|markdown|html|x-markdown)|application\/(pdf|json|msword|vnd\.openxmlformats-officedocument\.wordprocessingml\.document|epub\+zip))$/;

export function isRetrievalDocument(type: string | null | undefined): boolean {
  return RETRIEVAL_DOCUMENT_TYPES.test(type ?? '');
}
