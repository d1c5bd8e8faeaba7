import type { AppConfig } from '../config/app-config';

/** Where the social providers serve the avatars their profiles name (only for providers with a client id). */
const SOCIAL_AVATAR_SOURCES = {
  GOOGLE_CLIENT_ID: ['https://*.googleusercontent.com'],
  FACEBOOK_CLIENT_ID: ['https://*.fbcdn.net', 'https://platform-lookaside.fbsbx.com'],
  GITHUB_CLIENT_ID: ['https://avatars.githubusercontent.com'],
  DISCORD_CLIENT_ID: ['https://cdn.discordapp.com'],
} as const;

/** `https://host[:port]` of an absolute http(s) URL; undefined for anything else (relative, data:, junk). */
function originOf(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  try {
    const parsed = new URL(url);
    const origin = parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : '';
    // A host the URL parser lets through may still hold `;` or `,`, which would end the directive.
    return /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(origin) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The CSP `img-src` sources: our own origin (signed file links, bundled icons), `data:`/`blob:` (previews
 * of files being uploaded, KaTeX, generated icons), and only the remote origins the administrator configured
 * images on — YAML icon URLs, `OPENID_IMAGE_URL`, the OpenID issuer and the enabled social providers'
 * avatar hosts. Never `https:` at large: a reply must not make the browser load an arbitrary URL.
 */
export function imageSources(config: AppConfig): string[] {
  const { env, yaml } = config;
  const configured: unknown[] = [
    ...(yaml?.endpoints?.custom ?? []).map((endpoint) => endpoint.iconURL),
    ...(yaml?.modelSpecs?.list ?? []).flatMap((spec) => [spec.iconURL, spec.preset['iconURL']]),
    env.OPENID_IMAGE_URL,
    env.OPENID_CLIENT_ID ? env.OPENID_ISSUER : undefined,
  ];
  const social = Object.entries(SOCIAL_AVATAR_SOURCES).flatMap(([key, sources]) =>
    env[key as keyof typeof SOCIAL_AVATAR_SOURCES] ? sources : [],
  );
  const remote = configured.map(originOf).filter((origin): origin is string => origin !== undefined);
  return [...new Set(["'self'", 'data:', 'blob:', ...remote, ...social])];
}
