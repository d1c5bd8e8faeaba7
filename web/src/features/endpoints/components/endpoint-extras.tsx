import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_DETAILS,
  MAX_STOP_SEQUENCES,
  TONE_STYLES,
  type EndpointOptions,
} from '@parley/shared/schemas/endpoint-options';
import { CloseIcon } from '../../../components/ui/chat-icons';
import { secondaryButton } from '../../../components/ui/chat-styles';
import { focusRing } from '../../../components/ui/styles';
import { SwitchRow } from '../../../components/ui/switch';
import { BING_CONTEXT_TOKEN_LIMIT, useTokenCount } from '../api/tokenizer';
import {
  addExample,
  addTag,
  removeExample,
  removeTag,
  shownExamples,
  type TagNotice,
} from '../logic/tag-values';

type Patch = (patch: Partial<EndpointOptions>) => void;

const labelClass = 'text-xs font-medium text-neutral-700 dark:text-neutral-300';
const hintClass = 'text-xs text-neutral-500 dark:text-neutral-400';
const warningClass = 'text-xs text-amber-700 dark:text-amber-400';
const fieldClass =
  'w-full rounded-lg border border-neutral-300 bg-white px-2.5 py-1.5 text-sm outline-none focus-visible:border-neutral-500 focus-visible:ring-2 focus-visible:ring-neutral-900/15 disabled:cursor-not-allowed disabled:opacity-60 dark:border-neutral-600 dark:bg-neutral-900 dark:focus-visible:ring-neutral-100/20';

/** Stop sequences as tags: Enter (or a comma) adds, ✕ removes; at most 4, the latest kept (SPEC §5). */
export function StopSequencesField({ values, onChange }: { values: EndpointOptions; onChange: Patch }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<TagNotice>(null);
  const tags = values.stop ?? [];
  const commit = () => {
    const change = addTag(tags, draft, MAX_STOP_SEQUENCES);
    setNotice(change.notice);
    setDraft('');
    if (change.tags.length !== tags.length || change.notice) onChange({ stop: change.tags });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      const change = removeTag(tags, tags.length - 1, 0);
      setNotice(change.notice);
      onChange({ stop: change.tags });
    }
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {t('com_endpoint_stop')}
      </label>
      <div
        className={`flex flex-wrap items-center gap-1 rounded-lg border border-neutral-300 bg-white p-1 dark:border-neutral-600 dark:bg-neutral-900`}
      >
        <ul className="contents" aria-label={t('com_endpoint_stop')}>
          {tags.map((tag, index) => (
            <li
              key={`${index}-${tag}`}
              className="flex max-w-full items-center gap-0.5 rounded-md bg-neutral-100 py-0.5 ps-2 pe-0.5 text-xs dark:bg-neutral-700"
            >
              <span className="truncate font-mono">{tag}</span>
              <button
                type="button"
                className={`grid size-5 shrink-0 place-items-center rounded text-neutral-500 hover:bg-neutral-200 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-600 dark:hover:text-white ${focusRing}`}
                aria-label={t('com_endpoint_stop_remove', { value: tag })}
                onClick={() => {
                  const change = removeTag(tags, index, 0);
                  setNotice(change.notice);
                  onChange({ stop: change.tags });
                }}
              >
                <CloseIcon width={12} height={12} />
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => draft.trim() !== '' && commit()}
          placeholder={t('com_endpoint_stop_placeholder')}
          aria-describedby={`${id}-hint`}
          className="h-7 min-w-[8rem] flex-1 bg-transparent px-1.5 text-sm outline-none placeholder:text-neutral-400"
        />
      </div>
      {notice ? (
        <p id={`${id}-hint`} role="status" className={warningClass}>
          {notice.kind === 'max'
            ? t('com_ui_tag_max', { limit: notice.limit })
            : t('com_ui_tag_min', { limit: notice.limit })}
        </p>
      ) : (
        <p id={`${id}-hint`} className={hintClass}>
          {t('com_endpoint_stop_hint')}
        </p>
      )}
    </div>
  );
}

/** Resend files and images with every turn (SPEC §9 default on). */
export function ResendFilesField({ values, onChange }: { values: EndpointOptions; onChange: Patch }) {
  const { t } = useTranslation();
  return (
    <SwitchRow
      label={t('com_endpoint_resend_files')}
      description={t('com_endpoint_resend_files_hint')}
      checked={values.resendFiles ?? true}
      onCheckedChange={(resendFiles) => onChange({ resendFiles })}
    />
  );
}

/** Image detail low / auto / high (default auto). */
export function ImageDetailField({ values, onChange }: { values: EndpointOptions; onChange: Patch }) {
  const { t } = useTranslation();
  const id = useId();
  const label = {
    low: t('com_endpoint_image_detail_low'),
    auto: t('com_endpoint_image_detail_auto'),
    high: t('com_endpoint_image_detail_high'),
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClass}>
        {t('com_endpoint_image_detail')}
      </label>
      <select
        id={id}
        value={values.imageDetail ?? 'auto'}
        onChange={(event) => onChange({ imageDetail: event.target.value as (typeof IMAGE_DETAILS)[number] })}
        aria-describedby={`${id}-hint`}
        className={`h-9 ${fieldClass}`}
      >
        {IMAGE_DETAILS.map((detail) => (
          <option key={detail} value={detail}>
            {label[detail]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={hintClass}>
        {t('com_endpoint_image_detail_hint')}
      </p>
    </div>
  );
}

/** Google's examples: input/output pairs; add appends an empty pair, remove pops the last (SPEC §4). */
export function ExamplesEditor({ values, onChange }: { values: EndpointOptions; onChange: Patch }) {
  const { t } = useTranslation();
  const baseId = useId();
  const examples = shownExamples(values.examples);
  const set = (index: number, side: 'input' | 'output', content: string) =>
    onChange({
      examples: examples.map((example, at) => (at === index ? { ...example, [side]: { content } } : example)),
    });
  return (
    <fieldset className="space-y-2">
      <legend className={labelClass}>{t('com_endpoint_examples')}</legend>
      {examples.map((example, index) => (
        <div
          key={index}
          className="grid gap-2 rounded-lg border border-neutral-200 bg-neutral-50 p-2 dark:border-neutral-700 dark:bg-neutral-900/50"
        >
          {(['input', 'output'] as const).map((side) => (
            <div key={side} className="space-y-1">
              <label htmlFor={`${baseId}-${side}-${index}`} className={hintClass}>
                {side === 'input'
                  ? t('com_endpoint_example_input', { number: index + 1 })
                  : t('com_endpoint_example_output', { number: index + 1 })}
              </label>
              <textarea
                id={`${baseId}-${side}-${index}`}
                rows={2}
                value={example[side].content}
                onChange={(event) => set(index, side, event.target.value)}
                className={`${fieldClass} resize-y`}
              />
            </div>
          ))}
        </div>
      ))}
      <div className="flex gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => onChange({ examples: removeExample(values.examples) })}
          disabled={examples.length <= 1}
        >
          {t('com_endpoint_remove_example')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => onChange({ examples: addExample(values.examples) })}
        >
          {t('com_endpoint_add_example')}
        </button>
      </div>
    </fieldset>
  );
}

/** The token count of a text, with Bing's ~7k warning (SPEC §5, §8). */
export function ContextTokenCount({ text, id }: { text: string; id: string }) {
  const { t } = useTranslation();
  const count = useTokenCount(text);
  return (
    <div id={id} aria-live="polite" className="space-y-0.5">
      <p className={`${hintClass} tabular-nums`}>
        {count === undefined ? '…' : t('com_endpoint_token_count', { tokens: count })}
      </p>
      {count !== undefined && count > BING_CONTEXT_TOKEN_LIMIT && (
        <p className={warningClass}>{t('com_endpoint_bing_context_warning')}</p>
      )}
    </div>
  );
}

/**
 * Bing (SPEC §3, §4): mode BingAI or Sydney (jailbreak), tone style (creative by default), context with its
 * token count, and a system message in Sydney mode. The mode of an existing conversation is fixed; its tone
 * style shows only for a new conversation or once the user asks for it.
 */
export function BingSettings({
  values,
  onChange,
  isNew,
}: {
  values: EndpointOptions;
  onChange: Patch;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const modeId = useId();
  const toneId = useId();
  const contextId = useId();
  const systemId = useId();
  const [toneShown, setToneShown] = useState(false);
  const sydney = values.jailbreak === true;
  const tones = {
    creative: t('com_endpoint_tone_creative'),
    fast: t('com_endpoint_tone_fast'),
    balanced: t('com_endpoint_tone_balanced'),
    precise: t('com_endpoint_tone_precise'),
  };
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <label htmlFor={modeId} className={labelClass}>
          {t('com_endpoint_bing_mode')}
        </label>
        <select
          id={modeId}
          value={sydney ? 'sydney' : 'bing'}
          disabled={!isNew}
          onChange={(event) => onChange({ jailbreak: event.target.value === 'sydney' })}
          aria-describedby={isNew ? undefined : `${modeId}-hint`}
          className={`h-9 ${fieldClass}`}
        >
          <option value="bing">{t('com_endpoint_bing_mode_bing')}</option>
          <option value="sydney">{t('com_endpoint_bing_mode_sydney')}</option>
        </select>
        {!isNew && (
          <p id={`${modeId}-hint`} className={hintClass}>
            {t('com_endpoint_bing_fixed')}
          </p>
        )}
      </div>
      {isNew || toneShown ? (
        <div className="space-y-1">
          <label htmlFor={toneId} className={labelClass}>
            {t('com_endpoint_tone_style')}
          </label>
          <select
            id={toneId}
            value={values.toneStyle ?? 'creative'}
            onChange={(event) => onChange({ toneStyle: event.target.value as (typeof TONE_STYLES)[number] })}
            className={`h-9 ${fieldClass}`}
          >
            {TONE_STYLES.map((tone) => (
              <option key={tone} value={tone}>
                {tones[tone]}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <button type="button" className={secondaryButton} onClick={() => setToneShown(true)}>
          {t('com_endpoint_show_tone')}
        </button>
      )}
      <div className="space-y-1">
        <label htmlFor={contextId} className={labelClass}>
          {t('com_endpoint_context')}
        </label>
        <textarea
          id={contextId}
          rows={3}
          value={values.context ?? ''}
          placeholder={t('com_endpoint_context_hint')}
          onChange={(event) => onChange({ context: event.target.value === '' ? null : event.target.value })}
          aria-describedby={`${contextId}-count`}
          className={`${fieldClass} resize-y`}
        />
        <ContextTokenCount text={values.context ?? ''} id={`${contextId}-count`} />
      </div>
      {sydney && (
        <div className="space-y-1">
          <label htmlFor={systemId} className={labelClass}>
            {t('com_endpoint_system_message')}
          </label>
          <textarea
            id={systemId}
            rows={3}
            value={values.systemMessage ?? ''}
            onChange={(event) =>
              onChange({ systemMessage: event.target.value === '' ? null : event.target.value })
            }
            aria-describedby={`${systemId}-hint`}
            className={`${fieldClass} resize-y`}
          />
          <p id={`${systemId}-hint`} className={hintClass}>
            {t('com_endpoint_system_message_hint')}
          </p>
        </div>
      )}
    </div>
  );
}
