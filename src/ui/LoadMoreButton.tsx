// The next page of a record list, on demand: at the foot of a list, or beside a picker the
// list feeds.
import { Trans } from '@lingui/react/macro';
import type { RecordListState } from '../state/records/recordList.ts';

export function LoadMoreButton({
  list,
  block = false,
}: {
  list: Pick<RecordListState<unknown>, 'loadMore' | 'loadingMore'>;
  block?: boolean;
}) {
  return (
    <button
      type="button"
      className={`button button-ghost ${block ? 'button-block' : 'button-small'}`}
      onClick={list.loadMore}
      disabled={list.loadingMore}
    >
      {list.loadingMore ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
    </button>
  );
}
