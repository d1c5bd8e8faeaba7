// Test support: the conformance target every vendor fake gives, since they share one scripting vocabulary.
import type { ChatProvider, ChatRequest } from '../types';
import type { ConformanceTarget } from './conformance-suite';

const FILLER = ['first ', 'second ', 'third ', 'fourth ', 'fifth'];

/** One scripted reply in the vocabulary the fakes share; `U` is the vendor's own usage shape. */
export interface ConformanceReply<U> {
  chunks?: string[];
  delayMs?: number;
  usage?: U;
  error?: { status: number };
  dropAfterChunks?: number;
  stallAfterChunks?: number;
}

export interface ScriptedTargetOptions<U> {
  provider: ChatProvider;
  request: () => ChatRequest;
  /** Queues one reply on the fake. */
  script: (reply: ConformanceReply<NoInfer<U>>) => void | Promise<void>;
  /** The vendor's usage for a reply of `outputTokens` tokens; absent when the vendor reports none. */
  usage?: (outputTokens: number) => U;
}

export function scriptedConformanceTarget<U>(options: ScriptedTargetOptions<U>): ConformanceTarget {
  const { provider, request, script, usage } = options;
  return {
    provider,
    request,
    scriptReply: ({ chunks, delayMs }) =>
      script({
        chunks,
        ...(usage ? { usage: usage(chunks.length) } : {}),
        ...(delayMs ? { delayMs } : {}),
      }),
    scriptHttpError: (status) => script({ error: { status } }),
    scriptDrop: (afterChunks) => script({ chunks: FILLER, dropAfterChunks: afterChunks }),
    scriptStall: (afterChunks) => script({ chunks: FILLER, stallAfterChunks: afterChunks }),
  };
}
