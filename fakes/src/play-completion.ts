// Plays a scripted reply onto an HTTP response, honouring delays, drops, stalls and client aborts.
// `playStream` and `respondJson` are vendor-neutral; the completion functions are OpenAI's.
import type { ServerResponse } from 'node:http';
import { completionOf } from './chat-payloads';
import type { CompletionContext, WireChunk } from './chat-payloads';
import { sendJson } from './http-io';
import { openEventStream, pause, untilAborted, writeData } from './sse';
import { planStream } from './stream-plan';
import type { ReleaseGate } from './release-gate';
import type { ScriptedReply } from './script-types';

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted && error instanceof Error && error.name === 'AbortError';
}

/** Runs `play`, treating an abort caused by the client going away as a normal end. */
async function untilDoneOrAborted(signal: AbortSignal, play: () => Promise<void>): Promise<void> {
  try {
    await play();
  } catch (error) {
    if (!isAbort(error, signal)) throw error;
  }
}

/** The timing knobs of a scripted reply that every vendor's fake honours. */
export type Playback = Pick<
  ScriptedReply,
  'delayMs' | 'firstChunkDelayMs' | 'dropAfterChunks' | 'stallAfterChunks' | 'holdAfterChunks'
>;

/** One streamed response as frames: written at once (head), one per delta, then closing (tail). */
export interface FramePlan<F> {
  head: F[];
  deltas: F[];
  tail: F[];
}

export type WriteFrame<F> = (res: ServerResponse, frame: F) => Promise<void>;

/**
 * Where a played stream goes: an SSE response, a WebSocket, … `drop` breaks the connection abruptly
 * (a scripted drop); `end` closes the stream normally after the last frame.
 */
export interface FrameSink<F> {
  write(frame: F): Promise<void>;
  drop(): void;
  end(): void;
}

/**
 * Applies a scripted drop, stall or hold once `written` deltas are out.
 * Returns true when the stream must stop here.
 */
async function interrupt<F>(
  sink: FrameSink<F>,
  playback: Playback,
  written: number,
  total: number,
  signal: AbortSignal,
  gate: ReleaseGate | undefined,
): Promise<boolean> {
  if (playback.holdAfterChunks !== undefined && Math.min(playback.holdAfterChunks, total) === written) {
    if (gate === undefined) throw new Error('holdAfterChunks: this fake has no release gate');
    await gate.wait(signal);
    signal.throwIfAborted();
  }
  if (playback.dropAfterChunks !== undefined && Math.min(playback.dropAfterChunks, total) === written) {
    sink.drop();
    return true;
  }
  if (playback.stallAfterChunks !== undefined && Math.min(playback.stallAfterChunks, total) === written) {
    await untilAborted(signal);
    return true;
  }
  return false;
}

/**
 * Plays any vendor's frames into any sink, honouring delays, drops, stalls, holds (released through
 * `gate`) and client aborts.
 */
export async function playFrames<F>(
  sink: FrameSink<F>,
  plan: FramePlan<F>,
  playback: Playback,
  signal: AbortSignal,
  gate?: ReleaseGate,
): Promise<void> {
  const total = plan.deltas.length;
  await untilDoneOrAborted(signal, async () => {
    await pause(playback.firstChunkDelayMs ?? 0, signal);
    for (const frame of plan.head) await sink.write(frame);
    for (const [i, frame] of plan.deltas.entries()) {
      if (await interrupt(sink, playback, i, total, signal, gate)) return;
      if (i > 0) await pause(playback.delayMs ?? 0, signal);
      await sink.write(frame);
    }
    if (await interrupt(sink, playback, total, total, signal, gate)) return;
    for (const frame of plan.tail) await sink.write(frame);
    sink.end();
  });
}

/** Plays any vendor's frames as an event stream, honouring delays, drops, stalls and client aborts. */
export async function playStream<F>(
  res: ServerResponse,
  plan: FramePlan<F>,
  playback: Playback,
  write: WriteFrame<F>,
  signal: AbortSignal,
  gate?: ReleaseGate,
): Promise<void> {
  openEventStream(res);
  const sink: FrameSink<F> = {
    write: (frame) => write(res, frame),
    drop: () => res.destroy(),
    end: () => res.end(),
  };
  await playFrames(sink, plan, playback, signal, gate);
}

export async function streamCompletion(
  res: ServerResponse,
  ctx: CompletionContext,
  reply: ScriptedReply,
  signal: AbortSignal,
  gate?: ReleaseGate,
): Promise<void> {
  const plan = planStream(ctx, reply);
  const frames = { head: [plan.head], deltas: plan.deltas, tail: [...plan.tail, '[DONE]'] };
  await playStream<WireChunk | string>(res, frames, reply, writeData, signal, gate);
}

/** Answers once with JSON (any vendor's body), honouring the first-chunk delay, drops and stalls. */
export async function respondJson(
  res: ServerResponse,
  playback: Playback,
  body: () => unknown,
  signal: AbortSignal,
): Promise<void> {
  await untilDoneOrAborted(signal, async () => {
    await pause(playback.firstChunkDelayMs ?? 0, signal);
    if (playback.dropAfterChunks !== undefined) {
      res.destroy();
      return;
    }
    if (playback.stallAfterChunks !== undefined) {
      await untilAborted(signal);
      return;
    }
    sendJson(res, 200, body());
  });
}

export async function respondCompletion(
  res: ServerResponse,
  ctx: CompletionContext,
  reply: ScriptedReply,
  signal: AbortSignal,
): Promise<void> {
  await respondJson(res, reply, () => completionOf(ctx, reply), signal);
}
