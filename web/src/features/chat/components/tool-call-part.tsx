import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolCall } from '@parley/shared/schemas/message';
import { AlertIcon, CheckIcon, ChevronDownIcon } from '../../../components/ui/chat-icons';
import { focusRing } from '../../../components/ui/styles';
import { usePreferences } from '../../../lib/preferences';
import {
  formatToolInput,
  readOutputs,
  toolCallKind,
  toolCallState,
  toolCallTitle,
  type ToolCallState,
} from '../logic/tool-call-state';
import { MessageFilesOutlet } from './message-files-slot';
import { useToolLabel } from './tool-labels';

const box =
  'max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-neutral-100 px-3 py-2 font-mono text-xs leading-relaxed text-neutral-800 dark:bg-neutral-900 dark:text-neutral-200';

/**
 * One tool call of a reply (SPEC §4 Tool call progress): "Using X..." while it runs, "Used X" once done,
 * an error state when it failed; the header opens the input the model sent and the output it got. A
 * code-interpreter call shows its code and result, open from the start with the "show code" preference;
 * the files it wrote follow it, images inline and other files as download links.
 */
export function ToolCallPart({ call }: { call: ToolCall }) {
  const { t } = useTranslation();
  const kind = toolCallKind(call);
  const showCode = usePreferences((state) => state.showCode);
  const [open, setOpen] = useState(kind === 'code' && showCode);
  const panelId = useId();
  const label = useToolLabel(call.name);
  const state = toolCallState(call);
  const title = toolCallTitle(kind, state);
  const input = kind === 'code' ? (call.input ?? '') : formatToolInput(call.arguments ?? call.input);
  const { logs, files } = readOutputs(call.outputs);
  const output = [call.output ?? '', logs].filter(Boolean).join('\n');

  return (
    <div
      data-testid="tool-call"
      data-state={state}
      data-kind={kind}
      className={`my-2 ${open ? 'w-full' : 'w-fit'} max-w-full rounded-xl border border-neutral-200 bg-white text-sm dark:border-neutral-700 dark:bg-neutral-800/60`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`flex min-h-9 w-full items-center gap-2 rounded-xl px-3 py-1.5 text-start ${focusRing}`}
      >
        <StateIcon state={state} icon={label.icon} />
        <span
          className={`min-w-0 truncate ${state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-neutral-700 dark:text-neutral-200'}`}
        >
          {t(title.key, { tool: label.name })}
          {title.tool === 'beside' && label.name && (
            <span className="text-neutral-500 dark:text-neutral-400">
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {label.name}
            </span>
          )}
        </span>
        <ChevronDownIcon
          width={16}
          height={16}
          className={`shrink-0 text-neutral-500 transition-transform dark:text-neutral-400 ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <div id={panelId} className="space-y-2 border-t border-neutral-200 px-3 py-2 dark:border-neutral-700">
          <section>
            <h4 className="mb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">
              {kind === 'code' ? t('com_assistants_code') : t('com_ui_tool_input')}
            </h4>
            <pre className={box}>{input || '—'}</pre>
          </section>
          <section>
            <h4 className="mb-1 text-xs font-medium text-neutral-500 dark:text-neutral-400">
              {kind === 'code' ? t('com_assistants_result') : t('com_ui_tool_output')}
            </h4>
            {state === 'running' && output === '' ? (
              <p className="text-xs text-neutral-500 dark:text-neutral-400">{t('com_ui_tool_waiting')}</p>
            ) : (
              <pre className={`${box} ${state === 'failed' ? 'text-red-800 dark:text-red-300' : ''}`}>
                {output || '—'}
              </pre>
            )}
          </section>
        </div>
      )}
      {files.length > 0 && (
        <div className="border-t border-neutral-200 px-3 py-2 dark:border-neutral-700">
          <MessageFilesOutlet
            files={files.map((file) => ({
              file_id: file.file_id,
              filename: file.filename ?? file.file_id,
              filepath: file.filepath,
              type: file.type,
            }))}
          />
        </div>
      )}
    </div>
  );
}

function StateIcon({ state, icon }: { state: ToolCallState; icon: string | undefined }) {
  if (state === 'running') {
    return (
      <svg
        className="size-4 shrink-0 animate-spin text-neutral-500"
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    );
  }
  if (state === 'failed')
    return <AlertIcon width={16} height={16} className="shrink-0 text-red-600 dark:text-red-400" />;
  if (icon) return <ToolIcon icon={icon} />;
  return <CheckIcon width={16} height={16} className="shrink-0 text-emerald-600 dark:text-emerald-400" />;
}

/** The tool's own icon once it is done; a check when it has none or it does not load. */
function ToolIcon({ icon }: { icon: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !isSafeIcon(icon)) {
    return <CheckIcon width={16} height={16} className="shrink-0 text-emerald-600 dark:text-emerald-400" />;
  }
  return (
    <img
      src={icon}
      alt=""
      onError={() => setFailed(true)}
      className="size-4 shrink-0 rounded-sm object-contain"
    />
  );
}

/** Only our own assets, https images and inline images are drawn. */
function isSafeIcon(icon: string): boolean {
  return (
    (icon.startsWith('/') && !icon.startsWith('//')) ||
    icon.startsWith('https://') ||
    icon.startsWith('data:image/')
  );
}
