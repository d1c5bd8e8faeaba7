import { useTagsUi } from '../store';
import { ConversationTagsDialog } from './conversation-tags-dialog';
import { ManageTagsDialog } from './manage-tags-dialog';

/** The tag dialogs, mounted once in the signed-in shell (they open from menus that close as they open). */
export function TagsContainer() {
  const { conversationId, openFor, manageOpen, setManageOpen } = useTagsUi();
  return (
    <>
      {conversationId && (
        <ConversationTagsDialog conversationId={conversationId} onClose={() => openFor(null)} />
      )}
      {manageOpen && <ManageTagsDialog onClose={() => setManageOpen(false)} />}
    </>
  );
}
