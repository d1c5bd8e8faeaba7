import { Suspense, useRef, useState } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { Preset } from '@parley/shared/schemas/preset';
import { PencilIcon, PlusIcon, TrashIcon, UploadIcon } from '../../../components/ui/chat-icons';
import { floatingSurface } from '../../../components/ui/menu';
import { Spinner } from '../../../components/ui/spinner';
import { focusRing, iconButton } from '../../../components/ui/styles';
import { lazyChunk, useLatch, usePrefetchWhenIdle } from '../../../lib/lazy-chunk';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { savePreset, useDeletePresets, usePresets, useSavePreset } from '../api/presets';
import { activePreset, parsePresetFile, presetTitle } from '../preset-options';
import { PinIcon, PresetsIcon } from './preset-icons';
import type { EndpointChoice, ParametersEditor } from './preset-edit-dialog';
import type { CurrentSetup } from './save-preset-dialog';
import { Tooltip } from '../../../components/ui/tooltip';

// The dialogs are one chunk of their own, prefetched once the page is idle after the menu mounted.
const loadDialogs = () => import('./preset-dialogs');
const ConfirmDialog = lazyChunk(() => loadDialogs().then((module) => module.ConfirmDialog));
const PresetEditDialog = lazyChunk(() => loadDialogs().then((module) => module.PresetEditDialog));
const SavePresetDialog = lazyChunk(() => loadDialogs().then((module) => module.SavePresetDialog));

/** SPEC §9: the 'Active!' toast after choosing a preset. */
export const PRESET_ACTIVE_TOAST_MS = 750;

const smallIcon = `${iconButton} size-8 shrink-0`;

/** The header button: an icon, and the active preset's name beside it from 640px. */
const presetsTrigger = `relative inline-flex h-9 min-w-9 max-w-56 items-center justify-center gap-1.5 rounded-lg px-2 text-neutral-600 transition-colors hover:bg-neutral-200/70 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-700/60 dark:hover:text-white ${focusRing}`;

export interface PresetsMenuProps {
  /** The signed-in user: presets are theirs and are refetched when it changes. */
  userId: string | null;
  /** What the conversation is set up with now, for "Save as preset". */
  current: CurrentSetup | null;
  endpoints: EndpointChoice[];
  /** A preset was chosen: merge it into the conversation or start a new one (the app decides). */
  onApply: (preset: Preset) => void;
  /** A preset became the default: a new conversation starts with it. */
  onDefault: (preset: Preset) => void;
  renderParameters?: ParametersEditor;
}

/** SPEC §2 Presets menu: list with pin-as-default, edit, delete; clear all; JSON import; save as preset. */
export function PresetsMenu({
  userId,
  current,
  endpoints,
  onApply,
  onDefault,
  renderParameters,
}: PresetsMenuProps) {
  const { t } = useTranslation();
  const presets = usePresets(userId);
  const save = useSavePreset();
  const remove = useDeletePresets();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Preset | null>(null);
  const [savingAs, setSavingAs] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = presets.data ?? [];
  // Issue 16 item 8: the header names the preset the conversation runs as.
  const active = activePreset(list, current);
  const activeTitle = active ? presetTitle(active) : null;
  const triggerLabel = activeTitle
    ? t('com_endpoint_presets_active', { title: activeTitle })
    : t('com_endpoint_presets');
  const confirmWanted = useLatch(confirmClear);
  usePrefetchWhenIdle(ConfirmDialog, PresetEditDialog, SavePresetDialog);

  const apply = (preset: Preset) => {
    setOpen(false);
    showToast({ message: t('com_endpoint_preset_selected'), duration: PRESET_ACTIVE_TOAST_MS });
    onApply(preset);
  };

  const togglePin = (preset: Preset) =>
    save.mutate(
      { ...preset, defaultPreset: !preset.defaultPreset },
      {
        onSuccess: (saved) => {
          if (saved.defaultPreset) {
            setOpen(false);
            onDefault(saved);
          }
        },
        onError: () => showErrorToast(t('com_endpoint_preset_save_error')),
      },
    );

  const importFile = async (file: File) => {
    const body = parsePresetFile(await file.text());
    if (!body) {
      showErrorToast(t('com_endpoint_preset_import_error'));
      return;
    }
    try {
      const saved = await savePreset(body);
      await presets.refetch();
      showToast({ message: t('com_endpoint_preset_imported', { title: presetTitle(saved) }) });
    } catch {
      showErrorToast(t('com_endpoint_preset_import_error'));
    }
  };

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Tooltip content={triggerLabel}>
          <Popover.Trigger className={presetsTrigger} aria-label={triggerLabel}>
            <PresetsIcon className="shrink-0" />
            {activeTitle && (
              <>
                <span dir="auto" className="hidden max-w-40 truncate text-sm sm:inline">
                  {activeTitle}
                </span>
                {/* Too narrow for the name: a dot says a preset is active (the name is in the label). */}
                <span
                  aria-hidden="true"
                  className="absolute end-1.5 top-1.5 size-2 rounded-full bg-emerald-600 sm:hidden dark:bg-emerald-400"
                />
              </>
            )}
          </Popover.Trigger>
        </Tooltip>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            aria-label={t('com_endpoint_presets')}
            // A dialog opening from the menu takes the focus (and gives it back to this trigger as it
            // closes): the menu must not pull it back to the trigger, behind the dialog, as it closes.
            onCloseAutoFocus={(event) => {
              if (savingAs || editing || confirmClear) event.preventDefault();
            }}
            className={`${floatingSurface} flex max-h-[min(495px,var(--radix-popover-content-available-height))] w-[min(22rem,calc(100vw-1rem))] flex-col`}
          >
            <div className="flex items-center gap-1 px-1.5 pb-1">
              <h2 className="me-auto text-sm font-semibold">{t('com_endpoint_presets')}</h2>
              {current && (
                <Tooltip content={t('com_endpoint_save_as_preset')}>
                  <button
                    type="button"
                    className={smallIcon}
                    aria-label={t('com_endpoint_save_as_preset')}
                    onClick={() => {
                      setOpen(false);
                      setSavingAs(true);
                    }}
                  >
                    <PlusIcon width={16} height={16} />
                  </button>
                </Tooltip>
              )}
              <Tooltip content={t('com_ui_import_preset')}>
                <button
                  type="button"
                  className={smallIcon}
                  aria-label={t('com_ui_import_preset')}
                  onClick={() => fileInput.current?.click()}
                >
                  <UploadIcon width={16} height={16} />
                </button>
              </Tooltip>
              <input
                ref={fileInput}
                type="file"
                accept=".json,application/json"
                className="hidden"
                aria-label={t('com_ui_import_preset')}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void importFile(file);
                }}
              />
              <button
                type="button"
                className={`${smallIcon} w-auto px-2 text-xs`}
                disabled={list.length === 0}
                onClick={() => {
                  setOpen(false);
                  setConfirmClear(true);
                }}
              >
                {t('com_ui_clear_all')}
              </button>
            </div>
            <div className="min-h-0 overflow-y-auto">
              {presets.isPending && userId !== null ? (
                <div className="flex justify-center py-4">
                  <Spinner label={t('com_ui_loading')} />
                </div>
              ) : list.length === 0 ? (
                <p className="px-2.5 py-3 text-sm text-neutral-500 dark:text-neutral-400">
                  {t('com_endpoint_no_presets')}
                </p>
              ) : (
                <ul aria-label={t('com_endpoint_presets')} className="space-y-0.5">
                  {list.map((preset) => (
                    <PresetRow
                      key={preset.presetId}
                      preset={preset}
                      active={preset.presetId === active?.presetId}
                      endpointLabel={endpoints.find((entry) => entry.name === preset.endpoint)?.label ?? ''}
                      onApply={() => apply(preset)}
                      onPin={() => togglePin(preset)}
                      onEdit={() => {
                        setOpen(false);
                        setEditing(preset);
                      }}
                      onDelete={() =>
                        remove.mutate(preset.presetId, {
                          onError: () => showErrorToast(t('com_endpoint_preset_delete_error')),
                        })
                      }
                    />
                  ))}
                </ul>
              )}
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {confirmWanted && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirmClear}
            onOpenChange={setConfirmClear}
            title={t('com_ui_clear_presets')}
            text={t('com_ui_clear_presets_confirm')}
            confirmLabel={t('com_ui_clear_all')}
            onConfirm={() =>
              remove.mutate(undefined, {
                onError: () => showErrorToast(t('com_endpoint_preset_delete_error')),
              })
            }
          />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <PresetEditDialog
            preset={editing}
            endpoints={endpoints}
            renderParameters={renderParameters}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {savingAs && current && (
        <Suspense fallback={null}>
          <SavePresetDialog current={current} onClose={() => setSavingAs(false)} />
        </Suspense>
      )}
    </>
  );
}

function PresetRow({
  preset,
  active,
  endpointLabel,
  onApply,
  onPin,
  onEdit,
  onDelete,
}: {
  preset: Preset;
  active: boolean;
  endpointLabel: string;
  onApply: () => void;
  onPin: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const title = presetTitle(preset);
  const detail = [endpointLabel || preset.endpoint, preset.model].filter(Boolean).join(' · ');
  return (
    <li className="group flex items-center gap-0.5 rounded-lg hover:bg-neutral-100 dark:hover:bg-neutral-700/60">
      <button
        type="button"
        onClick={onApply}
        aria-current={active ? 'true' : undefined}
        className="flex min-h-10 min-w-0 flex-1 flex-col items-start rounded-lg px-2.5 py-1.5 text-start outline-none focus-visible:ring-2 focus-visible:ring-neutral-900 dark:focus-visible:ring-neutral-100"
      >
        <span className="flex w-full min-w-0 items-center gap-1.5">
          <span dir="auto" className="min-w-0 truncate font-medium">
            {title}
          </span>
          {active && (
            <span className="shrink-0 rounded-full bg-emerald-100 px-1.5 text-xs font-medium text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200">
              {t('com_endpoint_preset_active')}
            </span>
          )}
        </span>
        {detail && (
          <span className="w-full truncate text-xs text-neutral-500 dark:text-neutral-400">{detail}</span>
        )}
      </button>
      {/* Issue 16 item 8: the pin says what it does, or that this preset is the default. */}
      <Tooltip
        content={
          preset.defaultPreset ? t('com_endpoint_preset_default_item') : t('com_endpoint_preset_default')
        }
      >
        <button
          type="button"
          className={smallIcon}
          aria-pressed={preset.defaultPreset}
          aria-label={t('com_endpoint_pin_preset', { title })}
          onClick={onPin}
        >
          <PinIcon width={16} height={16} filled={preset.defaultPreset} />
        </button>
      </Tooltip>
      <button
        type="button"
        className={smallIcon}
        aria-label={t('com_endpoint_edit_preset', { title })}
        onClick={onEdit}
      >
        <PencilIcon width={16} height={16} />
      </button>
      <button
        type="button"
        className={smallIcon}
        aria-label={t('com_endpoint_delete_preset', { title })}
        onClick={onDelete}
      >
        <TrashIcon width={16} height={16} />
      </button>
    </li>
  );
}
