/** The chat routes of API.md "Chat"; `{endpoint}` is the endpoint kind (`custom` for custom endpoints). */
export const chatPaths = {
  ask: '/api/ask/:endpoint',
  edit: '/api/edit/:endpoint',
  askAbort: '/api/ask/:endpoint/abort',
  editAbort: '/api/edit/:endpoint/abort',
  /** GET: re-attach to the reply being generated in a conversation (`Last-Event-ID` to resume after a seq). */
  resume: '/api/ask/stream/:conversationId',
} as const;

export const askPath = (endpoint: string): string => `/api/ask/${encodeURIComponent(endpoint)}`;
export const editPath = (endpoint: string): string => `/api/edit/${encodeURIComponent(endpoint)}`;
export const abortPath = (mode: 'ask' | 'edit', endpoint: string): string =>
  `/api/${mode}/${encodeURIComponent(endpoint)}/abort`;
export const resumePath = (conversationId: string): string =>
  `/api/ask/stream/${encodeURIComponent(conversationId)}`;
