import type { SocialProvider } from '@parley/shared/constants';

/** Simplified brand marks drawn for Parley (20×20, decorative: the button text names the provider). */
const svg = { width: 20, height: 20, viewBox: '0 0 24 24', 'aria-hidden': true } as const;

function GoogleMark() {
  return (
    <svg {...svg} fill="none" strokeWidth={3.4}>
      <path d="M18.13 6.86A8 8 0 0 0 5.07 8" stroke="#EA4335" />
      <path d="M5.07 8a8 8 0 0 0 0 8" stroke="#FBBC05" />
      <path d="M5.07 16a8 8 0 0 0 13.06 1.14" stroke="#34A853" />
      <path d="M18.13 17.14A8 8 0 0 0 20 12h-7.5" stroke="#4285F4" />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg {...svg}>
      <circle cx="12" cy="12" r="10.5" fill="#1877F2" />
      <path
        d="M13 22.4V11.1a2.6 2.6 0 0 1 2.6-2.6h1.3M10 13.2h6.3"
        fill="none"
        stroke="#fff"
        strokeWidth={2.4}
      />
    </svg>
  );
}

function GithubMark() {
  return (
    <svg {...svg}>
      <circle cx="12" cy="12" r="11" className="fill-neutral-900 dark:fill-white" />
      <path
        className="fill-white dark:fill-neutral-900"
        d="M9.3 21.6v-3c-2.6-.5-3.9-2.2-3.9-4.8 0-1 .3-1.9 1-2.6-.2-.9-.2-1.9.3-3 1 0 1.9.5 2.7 1.1a9.6 9.6 0 0 1 5.2 0c.8-.6 1.7-1.1 2.7-1.1.5 1.1.5 2.1.3 3 .7.7 1 1.6 1 2.6 0 2.6-1.3 4.3-3.9 4.8v3z"
      />
    </svg>
  );
}

function DiscordMark() {
  return (
    <svg {...svg}>
      <rect width="24" height="24" rx="6" fill="#5865F2" />
      <path
        fill="#fff"
        d="M7 8.3c1.3-.7 2.6-1 3.4-1.1l.4.7c.8-.1 1.6-.1 2.4 0l.4-.7c.8.1 2.1.4 3.4 1.1 1.6 2.5 2.2 5 2 7.5-1.2.9-2.4 1.4-3.6 1.7l-.7-1.1c-1.7.4-3.7.4-5.4 0l-.7 1.1c-1.2-.3-2.4-.8-3.6-1.7-.2-2.5.4-5 2-7.5z"
      />
      <ellipse cx="9.7" cy="12.9" rx="1.25" ry="1.4" fill="#5865F2" />
      <ellipse cx="14.3" cy="12.9" rx="1.25" ry="1.4" fill="#5865F2" />
    </svg>
  );
}

function OpenIdMark() {
  return (
    <svg {...svg} fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round">
      <circle cx="8" cy="12" r="4" />
      <path d="M12 12h9M18 12v3M15 12v2" />
    </svg>
  );
}

export function SocialMark({ provider, imageUrl }: { provider: SocialProvider; imageUrl?: string }) {
  switch (provider) {
    case 'google':
      return <GoogleMark />;
    case 'facebook':
      return <FacebookMark />;
    case 'github':
      return <GithubMark />;
    case 'discord':
      return <DiscordMark />;
    case 'openid':
      return imageUrl ? <img src={imageUrl} alt="" className="size-5 object-contain" /> : <OpenIdMark />;
  }
}
