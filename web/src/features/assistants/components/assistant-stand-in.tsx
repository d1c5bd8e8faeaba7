import { useTranslation } from 'react-i18next';
import { PlusIcon } from '../../../components/ui/chat-icons';
import { primaryCompactButton } from '../../../components/ui/chat-styles';
import { focusRing } from '../../../components/ui/styles';
import type { Assistant } from '@parley/shared/schemas/assistant';
import { AssistantAvatar } from './assistant-avatar';

interface AssistantStandInProps {
  assistants: readonly Assistant[];
  onChoose: (assistant: Assistant) => void;
  /** Opens the builder on a new assistant; absent when the builder is not available. */
  onCreate?: (() => void) | undefined;
}

/**
 * In place of the message box while no assistant is chosen (issue 23: never a dead, unexplained input):
 * "Create your first assistant" when there are none, else "Choose an assistant" with the caller's ones.
 */
export function AssistantStandIn({ assistants, onChoose, onCreate }: AssistantStandInProps) {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('com_assistants_stand_in')}
      data-testid="assistant-stand-in"
      className="mx-auto w-full max-w-3xl px-3 pb-2 sm:px-6"
    >
      <div className="flex flex-col items-center gap-3 rounded-[26px] border border-neutral-200 bg-white px-4 py-4 text-center shadow-sm dark:border-neutral-700 dark:bg-neutral-800">
        {assistants.length === 0 ? (
          <>
            <p className="text-sm text-neutral-600 dark:text-neutral-300">
              {onCreate ? t('com_assistants_stand_in_create') : t('com_assistants_stand_in_unavailable')}
            </p>
            {onCreate && (
              <button type="button" className={primaryCompactButton} onClick={onCreate}>
                <PlusIcon width={16} height={16} />
                {t('com_assistants_create_first')}
              </button>
            )}
          </>
        ) : (
          <>
            <h2 className="text-sm font-medium">{t('com_assistants_choose')}</h2>
            <ul className="flex max-h-40 flex-wrap justify-center gap-2 overflow-y-auto">
              {assistants.map((assistant) => (
                <li key={assistant.id}>
                  <button
                    type="button"
                    onClick={() => onChoose(assistant)}
                    className={`inline-flex h-10 max-w-64 items-center gap-2 rounded-full border border-neutral-300 bg-white ps-1.5 pe-3 text-sm hover:bg-neutral-100 dark:border-neutral-600 dark:bg-neutral-800 dark:hover:bg-neutral-700 ${focusRing}`}
                  >
                    <AssistantAvatar src={assistant.metadata?.avatar} size={28} />
                    <span className="truncate">{assistant.name || assistant.id}</span>
                  </button>
                </li>
              ))}
            </ul>
            {onCreate && (
              <button
                type="button"
                onClick={onCreate}
                className={`text-sm text-neutral-600 underline-offset-4 hover:underline dark:text-neutral-300 ${focusRing}`}
              >
                {t('com_assistants_create')}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
