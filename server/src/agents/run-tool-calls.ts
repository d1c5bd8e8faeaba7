// Runs one step's tool calls in parallel: arguments checked against the tool's schema, each call with a
// time limit and an output cap, its part re-sent as it changes. A failure becomes a failed part whose
// output the model sees; nothing here throws for a tool's sake.
import type { Ajv, ValidateFunction } from 'ajv';
import type { ToolCall } from '@parley/shared/schemas/message';
import type { PromptPart } from '../providers/types';
import { lazyModule } from '../lib/lazy-module';
import { ToolError, type SavedToolFile } from '../tools/tool';
import type { AgentIO, AgentLimits, AgentTool, ModelToolCall } from './agent-types';
import type { ContentParts } from './content-parts';

/** ajv is loaded with the first tool call, not at start (docs/decisions.md "Idle memory"). */
const ajvInstance = lazyModule<Ajv>(async () => {
  const { Ajv: AjvClass } = await import('ajv');
  return new AjvClass({ allErrors: false, strict: false });
});
/**
 * Compiled validators by schema text: tools are built for each turn (bound to its user and conversation), so a
 * cache by tool object missed every turn and compiled again — tens of milliseconds on the event loop per tool
 * call under a burst. The same schema compiles once; the oldest of more than `VALIDATORS_KEPT` is
 * forgotten (here and in ajv's own cache, which holds every schema object it compiled).
 */
const validators = new Map<string, ValidateFunction>();
const VALIDATORS_KEPT = 256;

function validatorFor(tool: AgentTool['tool']): ValidateFunction {
  const key = JSON.stringify(tool.parameters);
  let validate = validators.get(key);
  if (!validate) {
    const ajv = ajvInstance.loaded();
    validate = ajv.compile(tool.parameters);
    const oldest = validators.size >= VALIDATORS_KEPT ? validators.entries().next().value : undefined;
    if (oldest) {
      validators.delete(oldest[0]);
      ajv.removeSchema(oldest[1].schema as object);
    }
    validators.set(key, validate);
  }
  return validate;
}

/** Progress values of SPEC §4: below 1 running, 1 done, 2 failed. */
const DONE = 1;
const FAILED = 2;

export const ERROR_PREFIX = 'Error processing tool';

/** Cuts output over the cap and says so (the model then knows it saw only part). */
export function capOutput(output: string, cap: number): string {
  if (output.length <= cap) return output;
  return `${output.slice(0, cap)}\n[… output cut: ${output.length - cap} more characters not shown]`;
}

function parseArguments(raw: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw new ToolError('The arguments are not valid JSON. Call the function again with a JSON object.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ToolError('The arguments must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

function checkArguments(tool: AgentTool['tool'], args: Record<string, unknown>): void {
  const validate = validatorFor(tool);
  if (validate(args)) return;
  const problem = validate.errors?.[0];
  const where = problem?.instancePath ? `${problem.instancePath} ` : '';
  throw new ToolError(
    `The arguments do not match the function's parameters: ${where}${problem?.message ?? 'invalid'}. ` +
      'Call it again with the correct properties.',
  );
}

interface CallResult {
  call: ModelToolCall;
  output: string;
  failed: boolean;
}

async function withTimeLimit<T>(
  work: (signal: AbortSignal) => Promise<T>,
  outer: AbortSignal,
  ms: number,
): Promise<T> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), ms);
  const signal = AbortSignal.any([outer, timer.signal]);
  try {
    return await new Promise<T>((resolve, reject) => {
      const stop = () =>
        reject(outer.aborted ? new ToolError('Stopped.') : new ToolError(`No answer within ${ms / 1000} s.`));
      if (signal.aborted) stop();
      signal.addEventListener('abort', stop, { once: true });
      work(signal).then(resolve, reject);
    });
  } finally {
    clearTimeout(timeout);
  }
}

const messageOf = (error: unknown): string =>
  error instanceof ToolError ? error.message : 'The tool failed unexpectedly.';

async function runOne(call: ModelToolCall, options: RunToolCallsOptions): Promise<CallResult> {
  const { tools, content, limits, signal, userId, io } = options;
  const agentTool = tools.find((candidate) => candidate.tool.name === call.name);
  const partType = agentTool?.tool.partType ?? 'function';
  const toolCall: ToolCall = {
    id: call.id,
    type: partType,
    name: call.name,
    arguments: call.arguments,
    output: null,
    progress: 0.1,
    ...(partType === 'code_interpreter' ? { input: codeOf(call.arguments), outputs: [] } : {}),
  };
  const index = content.add({ type: 'tool_call', tool_call: { ...toolCall } });
  const report = (fields: Partial<ToolCall>) => {
    Object.assign(toolCall, fields);
    content.update(index, { type: 'tool_call', tool_call: { ...toolCall } });
  };
  try {
    if (!agentTool) throw new ToolError(`There is no function named "${call.name}".`);
    const args = parseArguments(call.arguments);
    await ajvInstance.load();
    checkArguments(agentTool.tool, args);
    const result = await withTimeLimit(
      (callSignal) =>
        agentTool.tool.run(args, {
          userId,
          auth: agentTool.auth,
          signal: callSignal,
          reportProgress: (progress) => {
            if (progress > 0 && progress < DONE) report({ progress });
          },
          ...(io.saveFile ? { saveFile: io.saveFile } : {}),
          ...(io.recordModelCall ? { recordModelCall: io.recordModelCall } : {}),
        }),
      signal,
      agentTool.tool.timeoutMs ?? limits.toolTimeoutMs,
    );
    const output = capOutput(result.output, limits.outputCap);
    // A code-interpreter part shows its logs and files (`outputs`); its `output` would repeat them.
    report(
      partType === 'code_interpreter'
        ? { output: null, progress: DONE, outputs: result.outputs ?? [{ type: 'logs', logs: output }] }
        : { output, progress: DONE },
    );
    for (const file of result.files ?? []) addImage(content, file);
    if (result.sources && result.sources.length > 0) io.addSources?.(result.sources);
    return { call, output, failed: false };
  } catch (error) {
    const output = `${ERROR_PREFIX} ${call.name}: ${messageOf(error)}`;
    report({ output, progress: FAILED });
    return { call, output, failed: true };
  }
}

/** The `code` argument of a code-interpreter call (shown as the part's `input`). */
function codeOf(rawArguments: string): string {
  try {
    const parsed: unknown = JSON.parse(rawArguments);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'code' in parsed &&
      typeof parsed.code === 'string'
    ) {
      return parsed.code;
    }
  } catch {
    // shown as sent
  }
  return rawArguments;
}

function addImage(content: ContentParts, file: SavedToolFile): void {
  content.add({
    type: 'image_file',
    image_file: {
      file_id: file.file_id,
      filepath: file.filepath,
      ...(file.width === undefined ? {} : { width: file.width }),
      ...(file.height === undefined ? {} : { height: file.height }),
    },
  });
}

export interface RunToolCallsOptions {
  userId: string;
  tools: readonly AgentTool[];
  content: ContentParts;
  io: AgentIO;
  limits: AgentLimits;
  signal: AbortSignal;
}

/** Runs the calls at once; answers the tool-result parts for the model, in the calls' order. */
export async function runToolCalls(
  calls: readonly ModelToolCall[],
  options: RunToolCallsOptions,
): Promise<PromptPart[]> {
  const results = await Promise.all(calls.map((call) => runOne(call, options)));
  return results.map(({ call, output, failed }) => ({
    type: 'tool-result',
    toolCallId: call.id,
    name: call.name,
    output,
    ...(failed ? { isError: true } : {}),
  }));
}
