// /notice (spec §2): the operator's notices, newest first, endless; unread ones are marked.
// A failed load is toasted by the app's query cache (§8) and shown in place.
// Kept alive when left; opening a notice refreshes its read mark here.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { NoticeSummary } from '../../../contract/api/notice.ts';
import { useApi } from '../../state/apiContext.tsx';
import { noticeListSource } from '../../state/queries/notice.ts';
import { useRecordList } from '../../state/records/recordList.ts';
import { RecordList } from '../../ui/RecordList.tsx';
import '../../ui/records.css';
import './notice.css';

export function NoticeListScreen() {
  const { t, i18n } = useLingui();
  const list = useRecordList(noticeListSource(useApi(), i18n.locale));
  return (
    <RecordList
      list={list}
      label={t`Notices`}
      itemKey={(notice: NoticeSummary) => notice.id}
      empty={<Trans>No notices yet</Trans>}
      renderItem={(notice: NoticeSummary) => <NoticeItem notice={notice} />}
    />
  );
}

function NoticeItem({ notice }: { notice: NoticeSummary }) {
  const { i18n, t } = useLingui();
  return (
    <Link
      to="/notice/detail/$id"
      params={{ id: notice.id }}
      className="record-body notice-item"
      data-testid="notice-item"
      data-read={notice.read}
    >
      <span className="record-line">
        <span className="record-title notice-title" lang={notice.lang}>
          {!notice.read && <span className="unread-dot" role="img" aria-label={t`Unread`} />}
          {notice.title}
        </span>
        <time className="record-meta" dateTime={notice.created_at}>
          {i18n.date(notice.created_at, { dateStyle: 'short' })}
        </time>
      </span>
      {notice.excerpt && (
        <span className="record-meta notice-excerpt" lang={notice.lang}>
          {notice.excerpt}
        </span>
      )}
    </Link>
  );
}
