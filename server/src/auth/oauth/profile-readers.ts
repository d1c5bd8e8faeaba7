import { z } from 'zod';
import type { OAuth2Provider, OAuth2ProviderName } from './oauth-config';
import { OAuthProviderError } from './oauth-error';
import { fetchWithToken } from './oauth2-client';
import type { SocialProfile } from './social-profile';

type Reader = (provider: OAuth2Provider, accessToken: string) => Promise<SocialProfile>;

function parse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (!result.success) throw new OAuthProviderError(`unexpected ${what}`, { cause: result.error });
  return result.data;
}

const id = z.union([z.string().min(1), z.number()]).transform(String);

/** Google's (OpenID Connect) userinfo. */
const googleUser = z.object({
  sub: id,
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  preferred_username: z.string().optional(),
  picture: z.string().optional(),
});

const google: Reader = async (provider, token) => {
  const user = parse(googleUser, await fetchWithToken(provider.userinfoUrl, token), 'Google profile');
  return {
    provider: 'google',
    providerId: user.sub,
    email: user.email,
    emailVerified: user.email_verified === true,
    name: user.name ?? '',
    username: user.preferred_username ?? '',
    avatar: user.picture ?? null,
  };
};

const facebookUser = z.object({
  id,
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z.object({ data: z.object({ url: z.string() }) }).optional(),
});

const facebook: Reader = async (provider, token) => {
  const user = parse(facebookUser, await fetchWithToken(provider.userinfoUrl, token), 'Facebook profile');
  return {
    provider: 'facebook',
    providerId: user.id,
    email: user.email,
    // The Graph API only returns an address the person has confirmed.
    emailVerified: user.email !== undefined,
    name: user.name ?? '',
    username: '',
    avatar: user.picture?.data.url ?? null,
  };
};

const githubUser = z.object({
  id,
  login: z.string(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const githubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

const github: Reader = async (provider, token) => {
  const user = parse(githubUser, await fetchWithToken(provider.userinfoUrl, token), 'GitHub profile');
  const emails = provider.emailsUrl
    ? parse(githubEmails, await fetchWithToken(provider.emailsUrl, token), 'GitHub emails')
    : [];
  const verified = emails.filter((entry) => entry.verified);
  const chosen = verified.find((entry) => entry.primary) ?? verified[0];
  return {
    provider: 'github',
    providerId: user.id,
    email: chosen?.email,
    emailVerified: chosen !== undefined,
    name: user.name ?? user.login,
    username: user.login,
    avatar: user.avatar_url ?? null,
  };
};

const discordUser = z.object({
  id,
  username: z.string(),
  global_name: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
  avatar: z.string().nullish(),
});

const discord: Reader = async (provider, token) => {
  const user = parse(discordUser, await fetchWithToken(provider.userinfoUrl, token), 'Discord profile');
  return {
    provider: 'discord',
    providerId: user.id,
    email: user.email ?? undefined,
    emailVerified: user.verified === true && Boolean(user.email),
    name: user.global_name ?? user.username,
    username: user.username,
    avatar: user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null,
  };
};

/** Reads the signed-in person's profile from each OAuth2 provider's API. */
export const profileReaders: Record<OAuth2ProviderName, Reader> = { google, facebook, github, discord };
