import { useTranslation } from 'react-i18next';
import type { ModelSpec, ModelSpecs } from '@parley/shared/schemas/startup-config';
import { ChevronDownIcon } from '../../../components/ui/chat-icons';
import { Menu, MenuLabel, MenuRadioGroup, MenuRadioItem } from '../../../components/ui/menu';
import { focusRing } from '../../../components/ui/styles';
import { orderedSpecs } from '../model-spec-list';

const trigger = `inline-flex h-9 min-w-0 items-center gap-1.5 rounded-lg px-2.5 text-[15px] font-medium text-neutral-800 hover:bg-neutral-100 data-[state=open]:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800 ${focusRing}`;

function SpecIcon({ spec }: { spec: ModelSpec }) {
  if (!spec.iconURL || !/^(https?:\/\/|\/)/i.test(spec.iconURL)) return null;
  return <img src={spec.iconURL} alt="" className="size-5 shrink-0 rounded-full object-cover" />;
}

/** SPEC §2 model-spec menu: the configured specs; choosing one starts a conversation with it. */
export function ModelSpecMenu({
  specs,
  value,
  onSelect,
}: {
  specs: ModelSpecs;
  /** The current conversation's spec name. */
  value: string | null;
  onSelect: (spec: ModelSpec) => void;
}) {
  const { t } = useTranslation();
  const list = orderedSpecs(specs);
  const current = list.find((spec) => spec.name === value);
  return (
    <Menu
      label={t('com_ui_model_specs')}
      contentClassName="max-w-[min(24rem,calc(100vw-1rem))]"
      trigger={
        <button
          type="button"
          className={trigger}
          aria-label={t('com_ui_model_spec_current', { spec: current?.label ?? '' })}
        >
          {current?.showIconInHeader !== false && current && <SpecIcon spec={current} />}
          <span className="truncate">{current?.label ?? t('com_ui_select_model_spec')}</span>
          <ChevronDownIcon width={16} height={16} className="shrink-0 text-neutral-500" />
        </button>
      }
    >
      <MenuLabel>{t('com_ui_model_specs')}</MenuLabel>
      <MenuRadioGroup
        value={value ?? ''}
        onValueChange={(name) => {
          const spec = list.find((entry) => entry.name === name);
          if (spec) onSelect(spec);
        }}
      >
        {list.map((spec) => (
          <MenuRadioItem key={spec.name} value={spec.name}>
            <span className="flex items-start gap-2.5">
              {spec.showIconInMenu !== false && <SpecIcon spec={spec} />}
              <span className="min-w-0">
                <span className="block truncate">{spec.label}</span>
                {spec.authType && (
                  <span className="block text-[11px] font-medium uppercase tracking-wide text-neutral-500 dark:text-neutral-400">
                    {spec.authType === 'user_provided'
                      ? t('com_ui_spec_auth_user')
                      : spec.authType === 'SYSTEM_DEFINED'
                        ? t('com_ui_spec_auth_system')
                        : t('com_ui_spec_auth_override')}
                  </span>
                )}
                {spec.description && (
                  <span className="block text-xs text-neutral-500 dark:text-neutral-400">
                    {spec.description}
                  </span>
                )}
              </span>
            </span>
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </Menu>
  );
}
