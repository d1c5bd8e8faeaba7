import { useTranslation } from 'react-i18next';
import type { SocialProvider } from '@parley/shared/constants';
import { buttonClass } from '../../../components/ui/button';
import type { SocialLoginButton } from '../social-providers';
import { SocialMark } from './social-icons';

const PROVIDER_NAMES: Record<Exclude<SocialProvider, 'openid'>, string> = {
  google: 'Google',
  facebook: 'Facebook',
  github: 'GitHub',
  discord: 'Discord',
};

/** SPEC §2 Social login: each button navigates to `{serverDomain}/oauth/{provider}`. */
export function SocialLoginButtons({ buttons }: { buttons: SocialLoginButton[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3">
      {buttons.map((button) => (
        <li key={button.provider}>
          <a href={button.href} className={`${buttonClass('outline')} justify-start ps-5`}>
            <SocialMark provider={button.provider} imageUrl={button.imageUrl} />
            <span className="flex-1 pe-5 text-center">
              {button.provider === 'openid'
                ? button.label
                : t('com_auth_continue_with', { provider: PROVIDER_NAMES[button.provider] })}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
