import { useState } from 'react';
import { WrenchIcon } from '../../../components/ui/chat-icons';

/** Only our own assets, https images and inline images are drawn; anything else falls back to the wrench. */
export function safeIconSource(icon: string | undefined): string | null {
  if (!icon) return null;
  if (icon.startsWith('/') && !icon.startsWith('//')) return icon;
  if (icon.startsWith('https://') || icon.startsWith('data:image/')) return icon;
  return null;
}

/** A tool's icon, or a wrench when it has none or it does not load. */
export function PluginIcon({ icon, size = 20 }: { icon: string | undefined; size?: number }) {
  const source = safeIconSource(icon);
  const [failed, setFailed] = useState<string | null>(null);
  if (!source || failed === source) {
    return (
      <span
        className="inline-flex shrink-0 items-center justify-center rounded-md bg-neutral-200 text-neutral-700 dark:bg-neutral-700 dark:text-neutral-200"
        style={{ width: size, height: size }}
      >
        <WrenchIcon width={size * 0.7} height={size * 0.7} />
      </span>
    );
  }
  return (
    <img
      src={source}
      alt=""
      width={size}
      height={size}
      onError={() => setFailed(source)}
      className="shrink-0 rounded-md bg-white object-contain"
      style={{ width: size, height: size }}
    />
  );
}
