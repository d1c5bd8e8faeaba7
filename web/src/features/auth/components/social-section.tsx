import { useTranslation } from 'react-i18next';
import type { StartupConfig } from '@parley/shared/schemas/startup-config';
import { TextDivider } from '../../../components/ui/text-divider';
import { socialLoginButtons } from '../social-providers';
import { SocialLoginButtons } from './social-login-buttons';

/** The "or" divider and the social buttons, when any provider is enabled. */
export function SocialSection({ config, divider }: { config: StartupConfig | undefined; divider: boolean }) {
  const { t } = useTranslation();
  const buttons = config ? socialLoginButtons(config) : [];
  if (buttons.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-6">
      {divider && <TextDivider text={t('com_auth_or')} />}
      <SocialLoginButtons buttons={buttons} />
    </div>
  );
}
