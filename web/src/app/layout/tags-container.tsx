import { useTagsUi } from '../../features/conversations/tags-ui';
import { ConversationTagsDialog } from '../../features/tags/components/conversation-tags-dialog';
import { ManageTagsDialog } from '../../features/tags/components/manage-tags-dialog';
import { TagFilter } from '../../features/tags/components/tag-filter';

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

/** The sidebar's tag filter, on the sidebar's tag state. */
export function SidebarTagFilter() {
  const filter = useTagsUi((state) => state.filter);
  const setFilter = useTagsUi((state) => state.setFilter);
  const setManageOpen = useTagsUi((state) => state.setManageOpen);
  return <TagFilter filter={filter} onFilterChange={setFilter} onManage={() => setManageOpen(true)} />;
}
