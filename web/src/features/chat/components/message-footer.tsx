import { useT } from '../../../lib/use-t';
import type { ReactNode } from 'react';
import {
  CheckIcon,
  ContinueIcon,
  CopyIcon,
  PencilIcon,
  RegenerateIcon,
} from '../../../components/ui/chat-icons';
import { smallIconButton } from '../../../components/ui/chat-styles';
import { Tooltip } from '../../../components/ui/tooltip';
import { useCopy } from '../../../lib/use-copy';
import type { MessageActions } from '../logic/message-actions';
import { SiblingPager } from './sibling-pager';

interface MessageFooterProps {
  text: string;
  actions: MessageActions;
  siblingIndex: number;
  siblingTotal: number;
  onSelectSibling: (index: number) => void;
  onEdit: () => void;
  onRegenerate: () => void;
  onContinue: () => void;
  /** More actions after these (the conversations feature's "Fork from here"). */
  extra?: ReactNode;
}

/** Under a message: sibling pager, edit, copy, regenerate, continue (SPEC §2, each under SPEC §4's rules). */
export function MessageFooter({
  text,
  actions,
  siblingIndex,
  siblingTotal,
  onSelectSibling,
  onEdit,
  onRegenerate,
  onContinue,
  extra,
}: MessageFooterProps) {
  const t = useT();
  const [copied, copy] = useCopy();
  return (
    <div className="mt-1 flex flex-wrap items-center gap-0.5">
      {siblingTotal > 1 && (
        <SiblingPager index={siblingIndex} total={siblingTotal} onSelect={onSelectSibling} />
      )}
      {actions.edit && (
        <FooterButton label={t('com_ui_edit')} onClick={onEdit}>
          <PencilIcon width={16} height={16} />
        </FooterButton>
      )}
      {actions.copy && (
        <FooterButton
          label={copied ? t('com_ui_copied') : t('com_ui_copy_to_clipboard')}
          onClick={() => copy(text)}
        >
          {copied ? <CheckIcon width={16} height={16} /> : <CopyIcon width={16} height={16} />}
        </FooterButton>
      )}
      {actions.regenerate && (
        <FooterButton label={t('com_ui_regenerate')} onClick={onRegenerate}>
          <RegenerateIcon width={16} height={16} />
        </FooterButton>
      )}
      {actions.continue && (
        <FooterButton label={t('com_ui_continue')} onClick={onContinue}>
          <ContinueIcon width={16} height={16} />
        </FooterButton>
      )}
      {extra}
    </div>
  );
}

/** An icon action named by its label, which the app's Tooltip shows on hover and keyboard focus (no `title`). */
function FooterButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip content={label}>
      <button type="button" className={smallIconButton} aria-label={label} onClick={onClick}>
        {children}
      </button>
    </Tooltip>
  );
}
