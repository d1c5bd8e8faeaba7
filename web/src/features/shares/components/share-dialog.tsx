import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShareLink, ShareVisibility } from '@parley/shared/schemas/share';
import { dangerButton, primaryCompactButton, secondaryButton } from '../../../components/ui/chat-styles';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { showErrorToast, showToast } from '../../../lib/toast-store';
import { useCopy } from '../../../lib/use-copy';
import {
  shareOfConversationQuery,
  shareUrl,
  useCreateShare,
  useDeleteShare,
  useUpdateShare,
} from '../api/shares';
import { expiresInOf, ShareOptions, type ExpiryChoice } from './share-options';
import { ShareExpiryText } from './share-expiry-text';

export interface ShareDialogProps {
  conversationId: string;
  title: string;
  publicAllowed: boolean;
  onClose: () => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * "Share link": a snapshot of the conversation's path on screen. Before a link exists it asks who may open it
 * and for how long; after, it shows the address with Copy, Update link (copies the conversation again under the
 * same address) and Delete link.
 */
export function ShareDialog({ conversationId, title, publicAllowed, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const existing = useQuery(shareOfConversationQuery(conversationId));
  const [made, setMade] = useState<ShareLink | null>(null);
  const link = made ?? existing.data?.link ?? null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('com_ui_share_link_title')}
      description={title}
      showDescription
      closeLabel={t('com_ui_close')}
    >
      {existing.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('com_ui_loading')} />
        </div>
      ) : link ? (
        <ExistingLink link={link} publicAllowed={publicAllowed} onChanged={setMade} onDeleted={onClose} />
      ) : (
        <NewLink conversationId={conversationId} publicAllowed={publicAllowed} onCreated={setMade} />
      )}
    </Dialog>
  );
}

function NewLink({
  conversationId,
  publicAllowed,
  onCreated,
}: {
  conversationId: string;
  publicAllowed: boolean;
  onCreated: (link: ShareLink) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateShare();
  const [visibility, setVisibility] = useState<ShareVisibility>('signed_in');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('com_ui_share_create_note')}</p>
      <ShareOptions
        visibility={visibility}
        expiry={expiry}
        publicAllowed={publicAllowed}
        disabled={create.isPending}
        onVisibility={setVisibility}
        onExpiry={setExpiry}
      />
      <div className="flex justify-end">
        <button
          type="button"
          className={primaryCompactButton}
          disabled={create.isPending}
          onClick={() =>
            create.mutate(
              {
                conversationId,
                body: { visibility, expiresIn: expiresInOf(expiry) },
              },
              { onSuccess: onCreated, onError: (error) => showErrorToast(errorText(error)) },
            )
          }
        >
          {t('com_ui_share_create')}
        </button>
      </div>
    </div>
  );
}

function ExistingLink({
  link,
  publicAllowed,
  onChanged,
  onDeleted,
}: {
  link: ShareLink;
  publicAllowed: boolean;
  onChanged: (link: ShareLink) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, copy] = useCopy();
  const update = useUpdateShare();
  const remove = useDeleteShare();
  const [armed, setArmed] = useState(false);
  const busy = update.isPending || remove.isPending;
  const url = shareUrl(link.shareId);
  const change = (body: Parameters<typeof update.mutate>[0]['body'], done?: string) =>
    update.mutate(
      { shareId: link.shareId, body },
      {
        onSuccess: (changed) => {
          onChanged(changed);
          if (done) showToast({ message: done });
        },
        onError: (error) => showErrorToast(errorText(error)),
      },
    );
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium">
          {t('com_ui_share_link_label')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-url`}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="h-9 min-w-0 flex-1 rounded-lg border border-neutral-300 bg-neutral-50 px-2 text-sm dark:border-neutral-600 dark:bg-neutral-800"
          />
          <button type="button" className={primaryCompactButton} onClick={() => copy(url)}>
            {copied ? t('com_ui_copied') : t('com_ui_share_copy_link')}
          </button>
        </div>
        <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">
          <ShareExpiryText expiresAt={link.expiresAt} />
        </p>
      </div>
      <ShareOptions
        visibility={link.visibility}
        expiry={null}
        publicAllowed={publicAllowed}
        disabled={busy}
        onVisibility={(visibility) => change({ visibility })}
        onExpiry={(choice) => change({ expiresIn: expiresInOf(choice) })}
      />
      <p className="text-sm text-neutral-600 dark:text-neutral-300">{t('com_ui_share_update_note')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className={armed ? dangerButton : secondaryButton}
          disabled={busy}
          onClick={() => {
            if (!armed) {
              setArmed(true);
              return;
            }
            remove.mutate(link.shareId, {
              onSuccess: () => {
                showToast({ message: t('com_ui_share_deleted') });
                onDeleted();
              },
              onError: (error) => showErrorToast(errorText(error)),
            });
          }}
        >
          {armed ? t('com_ui_share_delete_confirm') : t('com_ui_share_delete')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={() => change({ refresh: true }, t('com_ui_share_updated'))}
        >
          {t('com_ui_share_update')}
        </button>
      </div>
    </div>
  );
}
