import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/ui/chat-styles';
import { useAuditLog } from './admin-api';
import { tableCell, tableHead, tableWrap } from './table-styles';

/** The Audit tab: every admin change, newest first, page after page. */
export function AuditTab() {
  const { t, i18n } = useTranslation();
  const audit = useAuditLog();
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const times = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="flex flex-col gap-3">
      <div className={tableWrap}>
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={tableHead}>{t('com_admin_audit_when')}</th>
              <th className={tableHead}>{t('com_admin_audit_who')}</th>
              <th className={tableHead}>{t('com_admin_audit_what')}</th>
              <th className={tableHead}>{t('com_admin_audit_target')}</th>
              <th className={`${tableHead} hidden md:table-cell`}>{t('com_admin_audit_details')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-neutral-200 dark:border-neutral-700">
                <td className={`${tableCell} whitespace-nowrap`}>{times.format(new Date(entry.at))}</td>
                <td className={`${tableCell} max-w-[10rem] truncate`}>{entry.actorLabel}</td>
                <td className={`${tableCell} font-mono text-xs`}>{entry.action}</td>
                <td className={`${tableCell} max-w-[10rem] truncate`}>{entry.targetLabel ?? '—'}</td>
                <td className={`${tableCell} hidden max-w-xs truncate font-mono text-xs md:table-cell`}>
                  {Object.keys(entry.details).length > 0 ? JSON.stringify(entry.details) : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!audit.isPending && entries.length === 0 && (
          <p className="p-3 text-sm text-neutral-500">{t('com_admin_audit_empty')}</p>
        )}
      </div>
      {audit.hasNextPage && (
        <button
          type="button"
          className={`${secondaryButton} self-center`}
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          {t('com_admin_load_more')}
        </button>
      )}
    </div>
  );
}
