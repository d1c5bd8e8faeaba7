import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndpointOptions } from '@parley/shared/schemas/endpoint-options';
import type { InterfaceConfig } from '@parley/shared/schemas/startup-config';
import { KeyIcon } from '../../components/ui/chat-icons';
import { iconButton } from '../../components/ui/styles';
import type { ConversationSetup } from '../../features/chat/logic/build-request';
import type { EndpointEntry } from '../../features/endpoints/endpoint-names';
import { EndpointsMenu } from '../../features/endpoints/components/endpoints-menu';
import { ModelSelect } from '../../features/endpoints/components/model-select';
import { ParametersPopover } from '../../features/endpoints/components/parameters-popover';
import { Tooltip } from '../../components/ui/tooltip';
import { ConversationTagsButton } from '../../features/conversations/components/conversation-tags-button';
import { ShareButton } from './share-button';

interface ChatHeaderProps {
  flags: InterfaceConfig | undefined;
  entries: EndpointEntry[];
  current: EndpointEntry | undefined;
  setup: ConversationSetup | null;
  models: readonly string[];
  onEndpoint: (endpoint: string) => void;
  onModel: (model: string) => void;
  onOptions: (patch: Partial<EndpointOptions>) => void;
  onSetKey: (endpoint: string) => void;
  /** Whether the conversation is not yet created (id `new`): Bing's settings depend on it. */
  isNew: boolean;
  /** Shown in the model select's place (the assistants endpoint's assistant picker, issue 23). */
  modelSlot?: ReactNode;
  /** The model-spec menu (issue 7), after the model select. */
  specMenu?: ReactNode;
  /** The plugins endpoint's tools menu, after the model select. */
  toolsMenu?: ReactNode;
  /** The presets menu (issue 7), last; shown only with `interface.presets`. */
  presetsMenu?: ReactNode;
}

/** SPEC §2 Chat screen header: endpoints menu, model select, parameters, each behind its interface flag. */
export function ChatHeader({
  flags,
  entries,
  current,
  setup,
  models,
  onEndpoint,
  onModel,
  onOptions,
  onSetKey,
  isNew,
  modelSlot,
  specMenu,
  toolsMenu,
  presetsMenu,
}: ChatHeaderProps) {
  const { t } = useTranslation();
  return (
    <>
      {flags?.endpointsMenu !== false && (
        <EndpointsMenu
          entries={entries}
          value={setup?.endpoint ?? null}
          onSelect={onEndpoint}
          onSetKey={onSetKey}
        />
      )}
      {modelSlot ??
        (flags?.modelSelect !== false && setup && (
          <ModelSelect models={models} value={setup.model || null} onChange={onModel} />
        ))}
      {toolsMenu}
      {specMenu}
      <div className="ms-auto flex items-center gap-0.5">
        {current?.config.userProvide && (
          <Tooltip content={t('com_ui_set_key_for', { endpoint: current.label })}>
            <button
              type="button"
              className={iconButton}
              aria-label={t('com_ui_set_key_for', { endpoint: current.label })}
              onClick={() => onSetKey(current.name)}
            >
              <KeyIcon />
            </button>
          </Tooltip>
        )}
        {flags?.parameters !== false && setup && current && (
          <ParametersPopover
            kind={current.kind}
            model={setup.model}
            values={setup}
            onChange={onOptions}
            onModel={flags?.modelSelect !== false ? onModel : undefined}
            models={models}
            isNew={isNew}
          />
        )}
        <ShareButton />
        <ConversationTagsButton />
        {flags?.presets !== false && presetsMenu}
      </div>
    </>
  );
}
