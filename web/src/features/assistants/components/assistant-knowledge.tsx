import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AssistantCapability } from '@parley/shared/schemas/endpoints';
import type { Assistant } from '@parley/shared/schemas/assistant';
import type { RetrievalBlock } from '@parley/shared/endpoints/assistant-retrieval';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { putAssistant, reloadAssistant, removeKnowledge, uploadKnowledge } from '../api/assistants';
import { isRetrievalFile, knowledgeState, type KnowledgeState } from '../logic/assistant-form';
import { KnowledgeFiles, type KnowledgeFile } from './knowledge-files';
import { readAgain } from '../../../lib/update-cached-list';

interface AssistantKnowledgeProps {
  assistant: Assistant | null;
  /** The caller's files, to name the knowledge files. */
  files: readonly KnowledgeFile[];
  capabilities: readonly AssistantCapability[];
  retrievalModels: readonly string[] | undefined;
  /** Why the server cannot run the code interpreter (already trimmed); undefined when it can. */
  interpreterOff: string | undefined;
  /** The server turned the assistant's retrieval on (a document was added): the form's switch follows. */
  onRetrievalOn: () => void;
}

/** `TFunction` (not the hook's own `t` type, whose inference over every key runs too deep past ~880 keys). */
type Translate = TFunction;

function blockReason(t: Translate, block: RetrievalBlock): string {
  return block.type === 'capability_off'
    ? t('com_assistants_knowledge_off_server')
    : t('com_assistants_knowledge_off_model', { model: block.model });
}

/** The Knowledge section's line and whether it takes uploads (issue 23: says why files are not searched). */
function knowledgeText(
  t: Translate,
  state: KnowledgeState,
  codeUsable: boolean,
): { hint: string; disabledReason: string | null } {
  switch (state.type) {
    case 'create_first':
      return { hint: '', disabledReason: t('com_assistants_knowledge_create_first') };
    case 'searched':
      return { hint: t('com_assistants_knowledge_info'), disabledReason: null };
    case 'turns_on':
      return { hint: t('com_assistants_knowledge_turns_on'), disabledReason: null };
    case 'not_searched': {
      const reason = blockReason(t, state.block);
      if (state.uploads && codeUsable) {
        return { hint: `${reason} ${t('com_assistants_knowledge_code_only')}`, disabledReason: null };
      }
      return { hint: '', disabledReason: reason };
    }
  }
}

/**
 * The builder's knowledge and code-interpreter files. A document added to an assistant whose model may
 * retrieve turns its retrieval on (decided by the server), and the section says so.
 */
export function AssistantKnowledge({
  assistant,
  files,
  capabilities,
  retrievalModels,
  interpreterOff,
  onRetrievalOn,
}: AssistantKnowledgeProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [turnedOn, setTurnedOn] = useState(false);
  const has = (capability: AssistantCapability) => capabilities.includes(capability);
  const codeUsable = has('code_interpreter') && interpreterOff === undefined;

  const knowledge = (assistant?.file_ids ?? []).map(
    (id) => files.find((file) => file.file_id === id) ?? { file_id: id, filename: id },
  );
  const codeFiles = knowledge.filter((file) => file.type && !isRetrievalFile(file.type));
  const codeReason = !assistant
    ? t('com_assistants_knowledge_disabled')
    : !assistant.tools.some((tool) => tool.type === 'retrieval' || tool.type === 'code_interpreter')
      ? t('com_assistants_knowledge_capability')
      : null;
  const state = knowledgeState(assistant, { capabilityOn: has('retrieval'), retrievalModels });
  const text = knowledgeText(t, state, codeUsable);

  const upload = async (file: File) => {
    if (!assistant) return;
    const hadRetrieval = assistant.tools.some((tool) => tool.type === 'retrieval');
    try {
      const stored = await uploadKnowledge({ file, assistantId: assistant.id, model: assistant.model });
      putAssistant(queryClient, { ...assistant, file_ids: [...assistant.file_ids, stored.file_id] });
      void readAgain(queryClient, { queryKey: ['/api/files'] });
      showToast({ message: t('com_ui_upload_success') });
      const fresh = await reloadAssistant(queryClient, assistant.id);
      if (!hadRetrieval && fresh.tools.some((tool) => tool.type === 'retrieval')) {
        setTurnedOn(true);
        onRetrievalOn();
      }
    } catch (error) {
      showErrorToast(error instanceof Error && error.message ? error.message : t('com_ui_upload_error'));
    }
  };
  const unlink = async (file: KnowledgeFile) => {
    if (!assistant) return;
    try {
      await removeKnowledge({ fileId: file.file_id, assistantId: assistant.id });
      putAssistant(queryClient, {
        ...assistant,
        file_ids: assistant.file_ids.filter((id) => id !== file.file_id),
      });
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : t('com_ui_upload_error'));
    }
  };

  if (!has('retrieval') && !has('code_interpreter')) return null;
  return (
    <>
      <KnowledgeFiles
        name="knowledge"
        title={t('com_assistants_knowledge')}
        hint={text.hint}
        notice={turnedOn ? t('com_assistants_retrieval_turned_on') : null}
        files={knowledge.filter((file) => isRetrievalFile(file.type) || !file.type)}
        disabledReason={text.disabledReason}
        onUpload={upload}
        onRemove={unlink}
      />
      {/* With the interpreter off, only an assistant that already has such files sees them (to remove them). */}
      {has('code_interpreter') && (interpreterOff === undefined || codeFiles.length > 0) && (
        <KnowledgeFiles
          name="code-files"
          title={t('com_assistants_code_interpreter_files')}
          hint={t('com_assistants_code_interpreter_files_info')}
          files={codeFiles}
          disabledReason={
            interpreterOff === undefined ? codeReason : t('com_assistants_code_interpreter_files_off')
          }
          onUpload={upload}
          onRemove={unlink}
        />
      )}
    </>
  );
}
