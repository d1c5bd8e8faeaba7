import type { Assistant } from '@parley/shared/schemas/assistant';
import { AssistantAvatar } from './assistant-avatar';

/** SPEC §2 Landing view for the assistants endpoint: the assistant's avatar, name and description. */
export function AssistantLanding({ assistant }: { assistant: Assistant }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center" data-testid="assistant-landing">
      <AssistantAvatar src={assistant.metadata?.avatar} size={64} name={assistant.name ?? ''} />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-800 sm:text-3xl dark:text-neutral-100">
        {assistant.name || assistant.id}
      </h1>
      {assistant.description && (
        <p className="max-w-xl text-sm text-neutral-600 dark:text-neutral-300">{assistant.description}</p>
      )}
    </div>
  );
}
