import { lazy, Suspense } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SlidersIcon } from '../../../components/ui/chat-icons';
import { floatingSurface } from '../../../components/ui/menu';
import { Spinner } from '../../../components/ui/spinner';
import { iconButton } from '../../../components/ui/styles';
import { hasParameters } from '../parameter-fields';
import type { ParametersFormProps } from './parameters-form';
import { Tooltip } from '../../../components/ui/tooltip';

const ParametersForm = lazy(() => import('./parameters-form'));

/** The parameters of the current endpoint kind with SPEC §5 ranges and defaults (SPEC §2 settings popover). */
export function ParametersPopover(props: ParametersFormProps) {
  const { t } = useTranslation();
  if (
    !hasParameters(props.kind, props.model, {
      isNew: props.isNew,
      jailbreak: props.values.jailbreak ?? false,
    })
  )
    return null;
  return (
    <Popover.Root>
      <Tooltip content={t('com_ui_parameters')}>
        <Popover.Trigger className={iconButton} aria-label={t('com_ui_parameters')}>
          <SlidersIcon />
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t('com_ui_parameters')}
          className={`${floatingSurface} max-h-[var(--radix-popover-content-available-height)] w-[min(22rem,calc(100vw-1rem))] overflow-y-auto p-4`}
        >
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-sm font-semibold">{t('com_ui_parameters')}</h2>
            <Popover.Close className={`${iconButton} size-7`} aria-label={t('com_ui_close')}>
              <CloseIcon width={16} height={16} />
            </Popover.Close>
          </div>
          <Suspense fallback={<Spinner label={t('com_ui_loading')} />}>
            <ParametersForm {...props} />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
