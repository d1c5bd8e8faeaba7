import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShareLink } from '@parley/shared/schemas/share';
import { CheckIcon, CopyIcon, LinkIcon, RegenerateIcon, TrashIcon } from '../../../components/ui/chat-icons';
import { secondaryButton, smallIconButton } from '../../../components/ui/chat-styles';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useCopy } from '../../../lib/use-copy';
import { sharesListQuery, shareUrl, useDeleteShare, useUpdateShare } from '../api/shares';
import { ShareExpiryText } from './share-expiry-text';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Settings → Data controls → Shared links: the caller's links with open, copy, update and delete. */
export function SharedLinksSection() {
  const { t } = useTranslation();
  const list = useInfiniteQuery(sharesListQuery);
  const links = list.data?.pages.flatMap((page) => page.links) ?? [];
  return (
    <section
      aria-labelledby="shared-links-heading"
      className="border-b border-neutral-100 py-3 dark:border-neutral-700/60"
    >
      <h3 id="shared-links-heading" className="text-sm font-medium">
        {t('com_ui_shared_links')}
      </h3>
      {list.isPending ? (
        <div className="py-3">
          <Spinner label={t('com_ui_loading')} />
        </div>
      ) : links.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
          {t('com_ui_shared_links_empty')}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-100 dark:divide-neutral-700/60">
          {links.map((link) => (
            <SharedLinkRow key={link.shareId} link={link} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className={`${secondaryButton} mt-2`}
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('com_ui_load_more')}
        </button>
      )}
    </section>
  );
}

function SharedLinkRow({ link }: { link: ShareLink }) {
  const { t, i18n } = useTranslation();
  const [copied, copy] = useCopy();
  const update = useUpdateShare();
  const remove = useDeleteShare();
  const [armed, setArmed] = useState(false);
  const busy = update.isPending || remove.isPending;
  const created = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(link.createdAt),
  );
  const url = shareUrl(link.shareId);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <div className="min-w-0 flex-1 basis-48">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="block truncate text-sm font-medium underline-offset-4 hover:underline"
          title={t('com_ui_share_open')}
        >
          {link.title}
        </a>
        <p className="truncate text-xs text-neutral-500 dark:text-neutral-400">
          {created} · {link.visibility === 'public' ? t('com_ui_share_public') : t('com_ui_share_signed_in')}{' '}
          · <ShareExpiryText expiresAt={link.expiresAt} />
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-0.5">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className={smallIconButton}
          aria-label={t('com_ui_share_open_named', { title: link.title })}
          title={t('com_ui_share_open')}
        >
          <LinkIcon width={16} height={16} />
        </a>
        <Tooltip content={copied ? t('com_ui_copied') : t('com_ui_share_copy_link')}>
          <button
            type="button"
            className={smallIconButton}
            aria-label={copied ? t('com_ui_copied') : t('com_ui_share_copy_named', { title: link.title })}
            onClick={() => copy(url)}
          >
            {copied ? <CheckIcon width={16} height={16} /> : <CopyIcon width={16} height={16} />}
          </button>
        </Tooltip>
        <button
          type="button"
          className={smallIconButton}
          disabled={busy}
          aria-label={t('com_ui_share_update_named', { title: link.title })}
          title={t('com_ui_share_update')}
          onClick={() =>
            update.mutate(
              { shareId: link.shareId, body: { refresh: true } },
              {
                onSuccess: () => showToast({ message: t('com_ui_share_updated') }),
                onError: (error) => showErrorToast(errorText(error)),
              },
            )
          }
        >
          <RegenerateIcon width={16} height={16} />
        </button>
        <button
          type="button"
          className={`${smallIconButton} ${armed ? 'text-red-700 dark:text-red-400' : ''}`}
          disabled={busy}
          aria-label={
            armed ? t('com_ui_share_delete_confirm') : t('com_ui_share_delete_named', { title: link.title })
          }
          title={armed ? t('com_ui_share_delete_confirm') : t('com_ui_share_delete')}
          onBlur={() => setArmed(false)}
          onClick={() => {
            if (!armed) {
              setArmed(true);
              return;
            }
            remove.mutate(link.shareId, {
              onSuccess: () => showToast({ message: t('com_ui_share_deleted') }),
              onError: (error) => showErrorToast(errorText(error)),
            });
          }}
        >
          <TrashIcon width={16} height={16} />
        </button>
      </div>
    </li>
  );
}
