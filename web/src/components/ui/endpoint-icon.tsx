import { SparkleIcon } from './chat-icons';

/** Brand-neutral colours per endpoint kind, so replies from different providers are told apart at a glance. */
const KIND_COLOURS: Record<string, string> = {
  openAI: 'bg-emerald-600',
  azureOpenAI: 'bg-sky-600',
  anthropic: 'bg-orange-700',
  google: 'bg-blue-600',
  gptPlugins: 'bg-violet-600',
  assistants: 'bg-neutral-800 dark:bg-neutral-600',
  chatGPTBrowser: 'bg-teal-700',
  bingAI: 'bg-cyan-700',
  custom: 'bg-neutral-700 dark:bg-neutral-500',
};

/** A round icon for an endpoint: its configured image when safe, else a coloured mark for its kind. */
export function EndpointIcon({
  kind,
  iconURL,
  size = 24,
}: {
  kind: string | null | undefined;
  iconURL?: string | null;
  size?: number;
}) {
  if (iconURL && /^(https:\/\/|\/(?!\/))/i.test(iconURL)) {
    return (
      <img src={iconURL} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full text-white ${KIND_COLOURS[kind ?? ''] ?? KIND_COLOURS.custom}`}
    >
      <SparkleIcon width={size * 0.6} height={size * 0.6} strokeWidth={2} />
    </span>
  );
}

/** The signed-in user's picture, or their initial on a coloured disc. */
export function UserAvatar({
  name,
  avatar,
  size = 24,
}: {
  name: string;
  avatar?: string | null;
  size?: number;
}) {
  if (avatar && /^(https:\/\/|\/(?!\/)|data:image\/)/i.test(avatar)) {
    return (
      <img src={avatar} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-neutral-600 font-medium text-white dark:bg-neutral-500"
    >
      {(name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  );
}
