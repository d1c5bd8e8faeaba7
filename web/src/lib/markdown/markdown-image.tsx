import { useTranslation } from 'react-i18next';
import { safeUrl } from './safe-url';

/** Our own signed file links (`/api/files/content/{id}?sig=…`), relative or on this origin. */
const OWN_FILE_PATH = /^\/api\/files\/content\/[^/?#]+(\?[^#]*)?$/;
/** A file copied into a share link (`/api/share/{shareId}/files/{fileId}?sig=…`), on the shared page. */
const SHARE_FILE_PATH = /^\/api\/share\/[A-Za-z0-9_-]{22}\/files\/[^/?#]+(\?[^#]*)?$/;

export function ownFileLink(url: string): string | null {
  try {
    const base = globalThis.location?.origin ?? 'http://localhost';
    const parsed = new URL(url, base);
    if (parsed.origin !== base) return null;
    const path = `${parsed.pathname}${parsed.search}`;
    return OWN_FILE_PATH.test(path) || SHARE_FILE_PATH.test(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * An image in a model's Markdown. Only the user's own file links load inline; a remote image never loads by
 * itself (its URL could carry what the model read, to a server of a prompt injector's choosing): it shows
 * as a link to open it in a new tab, naming its host.
 */
export function MarkdownImage({ src, alt }: { src: unknown; alt: string | undefined }) {
  const { t } = useTranslation();
  const url = typeof src === 'string' ? src : '';
  const own = ownFileLink(url);
  if (own) {
    return (
      <img src={own} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" className="max-w-full" />
    );
  }
  const safe = safeUrl(url, 'image');
  if (!safe) return alt ? <span>{alt}</span> : null;
  const host = new URL(safe).host;
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer nofollow"
      referrerPolicy="no-referrer"
      title={t('com_ui_remote_image_hint', { host })}
      className="inline-flex items-center gap-1.5 rounded-md border border-dashed border-neutral-300 px-2 py-0.5 text-sm no-underline dark:border-neutral-600"
    >
      <span aria-hidden="true">🖼</span>
      {t('com_ui_remote_image', { name: alt || host, host })}
    </a>
  );
}
