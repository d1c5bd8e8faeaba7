// ChatRequest → the parameters of one `generateContentStream` call.
import type { FunctionCallingConfigMode } from '@google/genai';
import type {
  GenerateContentConfig,
  GenerateContentParameters,
  ToolConfig,
  ToolListUnion,
} from '@google/genai';
import { clampStopSequences } from '../shared/clamp-stop-sequences';
import type { ChatRequest } from '../types';
import { googleMaxOutputTokens } from './google-model-limits';
import { toGoogleContents } from './to-google-contents';

/** Generation fields that YAML `dropParams` may remove, by their wire (camelCase) names. */
type DroppableField = 'temperature' | 'topP' | 'topK' | 'maxOutputTokens' | 'stopSequences';
const DROPPABLE: readonly DroppableField[] = [
  'temperature',
  'topP',
  'topK',
  'maxOutputTokens',
  'stopSequences',
];

function generationOf(req: ChatRequest): Pick<GenerateContentConfig, DroppableField> {
  const { params } = req;
  const stop = clampStopSequences(params.stop);
  const config: Pick<GenerateContentConfig, DroppableField> = {
    ...(params.temperature === undefined ? {} : { temperature: params.temperature }),
    ...(params.topP === undefined ? {} : { topP: params.topP }),
    ...(params.topK === undefined ? {} : { topK: params.topK }),
    maxOutputTokens: googleMaxOutputTokens(req.model, params.maxOutputTokens),
    ...(stop ? { stopSequences: stop } : {}),
  };
  for (const name of req.dropParams ?? []) {
    const field = DROPPABLE.find((candidate) => candidate === name);
    if (field) delete config[field];
  }
  return config;
}

function toolConfigOf(choice: ChatRequest['toolChoice']): ToolConfig | undefined {
  if (choice === undefined || choice === 'auto') return undefined;
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' as FunctionCallingConfigMode } };
  const allowed = typeof choice === 'object' ? { allowedFunctionNames: [choice.name] } : {};
  return { functionCallingConfig: { mode: 'ANY' as FunctionCallingConfigMode, ...allowed } };
}

/** Tools as function declarations; their parameters go as JSON Schema, untranslated. */
function toolsOf(req: ChatRequest): { tools?: ToolListUnion; toolConfig?: ToolConfig } {
  if (!req.tools?.length) return {};
  const functionDeclarations = req.tools.map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parametersJsonSchema: tool.parameters,
  }));
  const toolConfig = toolConfigOf(req.toolChoice);
  return { tools: [{ functionDeclarations }], ...(toolConfig ? { toolConfig } : {}) };
}

export function buildGoogleRequest(req: ChatRequest, signal: AbortSignal): GenerateContentParameters {
  const system = req.system?.trim() ? req.system : undefined;
  const config: GenerateContentConfig = {
    abortSignal: signal,
    ...(system === undefined ? {} : { systemInstruction: system }),
    ...generationOf(req),
    ...toolsOf(req),
    // YAML addParams go into the request body as they are.
    ...(req.extraBody ? { httpOptions: { extraBody: req.extraBody } } : {}),
  };
  return { model: req.model, contents: toGoogleContents(req.messages, req.params.examples), config };
}
