// The ReAct text format of the classic agent (reference §14.2): the model writes "Thought:", "Action:" and
// "Action Input:" to use a tool, gets "Observation:" back, and ends with "Final Answer:".

export const OBSERVATION = 'Observation:';
export const FINAL_ANSWER = 'Final Answer:';

export type ReactStep =
  | {
      type: 'action';
      tool: string;
      input: string;
      /** The step's text up to its action input. */ text: string;
    }
  | { type: 'final'; answer: string }
  /** Neither an action nor a final answer: the text is taken as the answer. */
  | { type: 'plain'; answer: string };

const ACTION = /(?:^|\n)\s*Action\s*\d*\s*:[ \t]*(.*)/i;
const ACTION_INPUT = /(?:^|\n)\s*Action\s*\d*\s*Input\s*\d*\s*:[ \t]*/i;
const FINAL = /(?:^|\n)\s*Final Answer\s*:/i;

/** The step without what the model invented after its action (an observation of its own). */
function beforeObservation(text: string): string {
  const at = text.search(/(?:^|\n)\s*Observation\s*:/i);
  return at === -1 ? text : text.slice(0, at);
}

function cleanToolName(raw: string): string {
  return raw
    .trim()
    .replace(/^[`"'[]+|[`"'\].]+$/g, '')
    .trim();
}

function cleanInput(raw: string): string {
  const trimmed = raw.trim();
  const fenced = /^```[a-z]*\s*\n?([\s\S]*?)\n?```$/i.exec(trimmed);
  return (fenced?.[1] ?? trimmed).trim();
}

export function parseReactStep(raw: string): ReactStep {
  const text = beforeObservation(raw);
  const action = ACTION.exec(text);
  const final = FINAL.exec(text);
  if (action && (!final || action.index < final.index)) {
    const afterAction = text.slice(action.index);
    const input = ACTION_INPUT.exec(afterAction);
    if (input) {
      const inputStart = action.index + input.index + input[0].length;
      const rest = text.slice(inputStart);
      const end = final && final.index > inputStart ? final.index - inputStart : rest.length;
      return {
        type: 'action',
        tool: cleanToolName(action[1] ?? ''),
        input: cleanInput(rest.slice(0, end)),
        text: text.slice(0, inputStart + end).trimEnd(),
      };
    }
  }
  if (final) return { type: 'final', answer: text.slice(final.index + final[0].length).trim() };
  return { type: 'plain', answer: raw.replace(/^\s*Thought\s*:\s*/i, '').trim() };
}

/**
 * Streams only a step's final answer: text is held until "Final Answer:" appears, then what follows goes
 * out as it comes. `finish` answers whether anything was streamed.
 */
export class FinalAnswerStream {
  private buffer = '';
  private streaming = false;
  private started = false;

  constructor(private readonly emit: (delta: string) => void) {}

  push(delta: string): void {
    if (this.streaming) {
      this.out(delta);
      return;
    }
    this.buffer += delta;
    const final = FINAL.exec(this.buffer);
    if (!final) return;
    // An action before the final answer makes this an action step: nothing to stream.
    const action = ACTION.exec(this.buffer);
    if (action && action.index < final.index) return;
    this.streaming = true;
    this.out(this.buffer.slice(final.index + final[0].length));
  }

  get streamed(): boolean {
    return this.started;
  }

  private out(delta: string): void {
    const text = this.started ? delta : delta.trimStart();
    if (text === '') return;
    this.started = true;
    this.emit(text);
  }
}
