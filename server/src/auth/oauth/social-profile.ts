import type { SocialProvider } from '@parley/shared/constants';

/** What a provider tells us about the person signing in, whatever its wire format. */
export interface SocialProfile {
  provider: SocialProvider;
  /** The provider's stable account id (`sub`, GitHub's numeric id …). */
  providerId: string;
  email: string | undefined;
  /** Whether the provider vouches that the person controls `email`. */
  emailVerified: boolean;
  name: string;
  username: string;
  avatar: string | null;
}
