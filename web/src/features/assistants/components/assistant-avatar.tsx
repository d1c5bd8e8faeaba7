import { SparkleIcon } from '../../../components/ui/chat-icons';

/** An assistant's avatar, or the assistants icon when it has none. */
export function AssistantAvatar({
  src,
  size = 32,
  name,
}: {
  src: string | null | undefined;
  size?: number;
  name?: string;
}) {
  if (src) {
    return (
      <img
        src={src}
        alt={name ?? ''}
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white"
      style={{ width: size, height: size }}
    >
      <SparkleIcon width={size * 0.55} height={size * 0.55} />
    </span>
  );
}
