import { ReleaseGate } from './release-gate';
import type { ScriptedReply, ScriptInput } from './script-types';

export interface ModelEntry {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export const DEFAULT_REPLY_TEXT = 'Hello from the fake.';
export const DEFAULT_MODEL_IDS: readonly string[] = ['gpt-4o-mini', 'gpt-4o'];
const MODEL_CREATED = 1_700_000_000;
const MODEL_OWNER = 'parley-fake';

function toModelEntry(model: NonNullable<ScriptInput['models']>[number]): ModelEntry {
  if (typeof model === 'string') {
    return { id: model, object: 'model', created: MODEL_CREATED, owned_by: MODEL_OWNER };
  }
  return {
    id: model.id,
    object: 'model',
    created: model.created ?? MODEL_CREATED,
    owned_by: model.owned_by ?? MODEL_OWNER,
  };
}

/** The scripted state of one fake server: a queue of replies, the model list and the expected key. */
export class ScriptQueue<R extends object = ScriptedReply> {
  private replies: R[] = [];
  private modelEntries: ModelEntry[];
  private expectedKey: string | null = null;
  /** Where streams scripted with `holdAfterChunks` wait for the test. */
  readonly gate = new ReleaseGate();

  constructor(private readonly defaultModelIds: readonly string[] = DEFAULT_MODEL_IDS) {
    this.modelEntries = defaultModelIds.map(toModelEntry);
  }

  apply(input: ScriptInput<R>): void {
    if (input.replies) this.replies.push(...input.replies);
    if (input.models) this.modelEntries = input.models.map(toModelEntry);
    if (input.apiKey !== undefined) this.expectedKey = input.apiKey;
  }

  reset(): void {
    this.replies = [];
    this.modelEntries = this.defaultModelIds.map(toModelEntry);
    this.expectedKey = null;
    this.gate.reset();
  }

  /** The next scripted reply without taking it, or undefined when the queue is empty. */
  peek(): R | undefined {
    return this.replies[0];
  }

  /** Takes the next scripted reply, or undefined when the queue is empty. */
  take(): R | undefined {
    return this.replies.shift();
  }

  /** Takes the next scripted reply, or the default one when the queue is empty. */
  next(): R | ScriptedReply {
    return this.take() ?? { text: DEFAULT_REPLY_TEXT };
  }

  get pending(): number {
    return this.replies.length;
  }

  get models(): readonly ModelEntry[] {
    return this.modelEntries;
  }

  get apiKey(): string | null {
    return this.expectedKey;
  }
}
