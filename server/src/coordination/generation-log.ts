// Ports of the generation log and the abort bus (ARCHITECTURE.md §4): the running instance appends a reply's
// events with sequence numbers; any instance can find the run, replay and follow it, or stop it.

/** Who runs where: one reply being generated. `detail` is opaque to the log (the chat engine's own JSON). */
export interface GenerationMeta {
  generationId: string;
  userId: string;
  conversationId: string;
  detail: string;
  /**
   * Message ids the run can also be found by (its reply's and its user message's), so two replies streaming
   * in one conversation can each be stopped or resumed.
   */
  messageIds?: string[] | undefined;
}

/** One event of a run. `seq` counts from 1 within the run; `last` marks the final entry. */
export interface LogEntry {
  seq: number;
  type: string;
  /** The event's JSON, as written. */
  data: string;
  last: boolean;
}

/** The running instance's handle on its run; it is the only writer. */
export interface GenerationWriter {
  readonly meta: GenerationMeta;
  /** Appends an event and returns its seq at once; the write completes in the background, in order. */
  append(type: string, data: string): number;
  /** Appends the last event, releases the (userId, conversationId) slot and waits for every write. */
  end(type: string, data: string): Promise<number>;
}

export interface GenerationLog {
  /**
   * Registers a run as the active one of (userId, conversationId), replacing any earlier one there, and as
   * the one of (userId, conversationId, id) for each of its `messageIds`.
   */
  open(meta: GenerationMeta): Promise<GenerationWriter>;
  /**
   * The run being generated for this user in this conversation (the latest one there), or, with
   * `messageId`, the one of that reply (or user message); null when none.
   */
  findActive(userId: string, conversationId: string, messageId?: string): Promise<GenerationMeta | null>;
  /**
   * Entries with `seq > afterSeq`: the stored ones first, then live ones, ending after the last entry, when
   * `signal` fires, or when the run is unknown or gone (its instance died).
   */
  read(generationId: string, afterSeq: number, signal?: AbortSignal): AsyncIterable<LogEntry>;
  /** The entries stored so far, oldest first ([] for an unknown run). */
  snapshot(generationId: string): Promise<LogEntry[]>;
  close(): Promise<void>;
}

/** Stops runs from any instance: the running one listens for its own id. */
export interface AbortBus {
  /** Calls `handler` when anyone asks to abort `generationId`; returns the unsubscribe function. */
  listen(generationId: string, handler: () => void): () => void;
  abort(generationId: string): Promise<void>;
  close(): Promise<void>;
}

/** How long an ended run's entries stay readable (late subscribers, the abort answer). */
export const ENDED_RETENTION_MS = 60_000;
