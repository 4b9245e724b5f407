// The card screens' lists: rows keyed by their id, each drawn by the screen's row; on the
// holder and address pages, the button that adds one comes first.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { RecordListState } from '../../state/records/recordList.ts';
import { RecordList } from '../../ui/RecordList.tsx';

export function CardList<T extends { id: string }>(props: {
  list: RecordListState<T>;
  /** Names the list for screen readers. */
  label: string;
  empty: ReactNode;
  row: (row: T) => ReactNode;
  /** What `row` reads besides the record (RecordList's `rowDeps`). */
  rowDeps?: readonly unknown[];
  /** The page that adds one, and its button's words. */
  add?: { to: '/bank/addAddress' | '/bank/addHolders'; label: ReactNode };
}) {
  const { add } = props;
  const records = (
    <RecordList
      list={props.list}
      label={props.label}
      itemKey={(row: T) => row.id}
      empty={props.empty}
      renderItem={props.row}
      {...(props.rowDeps ? { rowDeps: props.rowDeps } : {})}
    />
  );
  if (!add) return records;
  return (
    <div className="stack">
      <Link to={add.to} className="button button-primary button-block">
        {add.label}
      </Link>
      {records}
    </div>
  );
}
