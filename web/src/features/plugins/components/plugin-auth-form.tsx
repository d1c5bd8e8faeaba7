import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plugin } from '@parley/shared/schemas/plugin';
import { primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { FormField } from '../../../components/ui/form-field';
import { authFieldProblem, canSaveAuth } from '../logic/auth-form';
import { PluginIcon } from './plugin-icon';

/**
 * The credentials a tool needs before it can be installed (SPEC §5): every field required and at least 10
 * characters; a field's problem shows once it was typed in; Save waits until the form is dirty and valid.
 */
export function PluginAuthForm({
  plugin,
  pending,
  onSubmit,
  onCancel,
}: {
  plugin: Plugin;
  pending: boolean;
  onSubmit: (auth: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fields = plugin.authConfig ?? [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const valid = canSaveAuth(fields, values);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !pending) onSubmit(values);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="plugin-auth-title" className="space-y-4">
      <div className="flex items-center gap-3">
        <PluginIcon icon={plugin.icon} size={36} />
        <div className="min-w-0">
          <h3 id="plugin-auth-title" className="truncate font-semibold">
            {plugin.name}
          </h3>
          <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('com_nav_plugin_auth_intro')}</p>
        </div>
      </div>
      {fields.map((field, index) => {
        const value = values[field.authField] ?? '';
        const problem = touched[field.authField] ? authFieldProblem(value) : null;
        const error =
          problem === 'required'
            ? t('com_nav_plugin_field_required', { label: field.label })
            : problem === 'too_short'
              ? t('com_nav_plugin_field_too_short', { label: field.label })
              : undefined;
        return (
          <div key={field.authField} className="space-y-1">
            <FormField
              id={`plugin-auth-${field.authField}`}
              label={field.label}
              type="password"
              autoComplete="off"
              autoFocus={index === 0}
              value={value}
              error={error}
              revealLabels={{ show: t('com_ui_show_value'), hide: t('com_ui_hide_value') }}
              onChange={(event) => {
                const next = event.target.value;
                setValues((current) => ({ ...current, [field.authField]: next }));
                setTouched((current) => ({ ...current, [field.authField]: true }));
              }}
            />
            {field.description && (
              <p className="text-xs text-neutral-500 dark:text-neutral-400">{field.description}</p>
            )}
          </div>
        );
      })}
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('com_ui_cancel')}
        </button>
        <button type="submit" className={primaryCompactButton} disabled={!valid || pending}>
          {t('com_ui_save')}
        </button>
      </div>
    </form>
  );
}
