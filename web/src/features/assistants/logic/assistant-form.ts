import {
  ASSISTANT_LIMITS,
  IMAGE_VISION_TOOL,
  type Assistant,
  type AssistantCreateBody,
} from '@parley/shared/schemas/assistant';
import {
  isRetrievalDocument,
  retrievalBlock,
  type RetrievalBlock,
  type RetrievalSettings,
} from '@parley/shared/endpoints/assistant-retrieval';
import { isActionFunction } from './action-names';
import type { LocaleKey } from '../../../lib/locale-key';

export { ASSISTANT_LIMITS };

/** What the builder edits; `id` is empty for an assistant not created yet. */
export interface AssistantForm {
  id: string;
  name: string;
  description: string;
  instructions: string;
  model: string;
  codeInterpreter: boolean;
  retrieval: boolean;
  imageVision: boolean;
  /** Plugin tools by key (actions' functions are kept apart: they follow the actions). */
  tools: string[];
}

export type AssistantFormErrors = Partial<
  Record<'name' | 'description' | 'instructions' | 'model', LocaleKey>
>;

export function emptyForm(model: string): AssistantForm {
  return {
    id: '',
    name: '',
    description: '',
    instructions: '',
    model,
    codeInterpreter: false,
    retrieval: false,
    imageVision: false,
    tools: [],
  };
}

export function formFrom(assistant: Assistant): AssistantForm {
  const functions = assistant.tools.flatMap((tool) => (tool.type === 'function' ? [tool.function.name] : []));
  return {
    id: assistant.id,
    name: assistant.name ?? '',
    description: assistant.description ?? '',
    instructions: assistant.instructions ?? '',
    model: assistant.model,
    codeInterpreter: assistant.tools.some((tool) => tool.type === 'code_interpreter'),
    retrieval: assistant.tools.some((tool) => tool.type === 'retrieval'),
    imageVision: functions.includes(IMAGE_VISION_TOOL),
    tools: functions.filter((name) => !isActionFunction(name) && name !== IMAGE_VISION_TOOL),
  };
}

/** SPEC §5: model required; name ≤ 256, description ≤ 512, instructions ≤ 32768. Values are locale keys. */
export function validateAssistant(form: AssistantForm): AssistantFormErrors {
  const errors: AssistantFormErrors = {};
  if (!form.model) errors.model = 'com_assistants_model_required';
  if (form.name.length > ASSISTANT_LIMITS.name) errors.name = 'com_assistants_too_long';
  if (form.description.length > ASSISTANT_LIMITS.description) errors.description = 'com_assistants_too_long';
  if (form.instructions.length > ASSISTANT_LIMITS.instructions)
    errors.instructions = 'com_assistants_too_long';
  return errors;
}

/**
 * What the Knowledge section says and allows, by the server's retrieval rule for the saved assistant's model
 * (issue 23: the upload box never promises a search that will not happen).
 */
export type KnowledgeState =
  /** Not created yet: nothing to add files to. */
  | { type: 'create_first' }
  /** Retrieval on: its files are searched. */
  | { type: 'searched' }
  /** Retrieval available but off: the first document added turns it on. */
  | { type: 'turns_on' }
  /** Retrieval unavailable here: the files are not searched; uploads only for the code interpreter. */
  | { type: 'not_searched'; block: RetrievalBlock; uploads: boolean };

export function knowledgeState(
  assistant: Pick<Assistant, 'model' | 'tools'> | null,
  settings: RetrievalSettings,
): KnowledgeState {
  if (!assistant) return { type: 'create_first' };
  const block = retrievalBlock(assistant.model, settings);
  if (block) {
    const uploads = assistant.tools.some((tool) => tool.type === 'code_interpreter');
    return { type: 'not_searched', block, uploads };
  }
  return assistant.tools.some((tool) => tool.type === 'retrieval')
    ? { type: 'searched' }
    : { type: 'turns_on' };
}

/** The body sent on save; the actions' functions the assistant already has are kept as they are. */
export function assistantBody(form: AssistantForm, saved: Assistant | null): AssistantCreateBody {
  // Plugin tools and image_vision go by name: the server puts in their function definitions.
  const tools: NonNullable<AssistantCreateBody['tools']> = [];
  if (form.codeInterpreter) tools.push({ type: 'code_interpreter' });
  if (form.retrieval) tools.push({ type: 'retrieval' });
  if (form.imageVision) tools.push(IMAGE_VISION_TOOL);
  tools.push(...form.tools);
  for (const tool of saved?.tools ?? []) {
    if (tool.type === 'function' && isActionFunction(tool.function.name)) tools.push(tool);
  }
  return {
    name: form.name,
    description: form.description,
    instructions: form.instructions,
    model: form.model,
    tools,
  };
}

/** Types the knowledge search reads; every other file is a code-interpreter file (SPEC §4, by MIME type). */
export const isRetrievalFile = isRetrievalDocument;

/** SPEC §5 Avatar: png, jpeg, gif or webp, at most 2 MB. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function avatarProblem(file: { type: string; size: number }): LocaleKey | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type) || file.size > AVATAR_MAX_BYTES)
    return 'com_ui_upload_invalid';
  return null;
}
