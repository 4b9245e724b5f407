// A form that edits a record (`?id=`) opens once the record has loaded, or says why it cannot;
// a form for a new record opens at once.
import type { ReactNode } from 'react';
import { PageSkeleton } from './PageSkeleton.tsx';
import { describeRequestError } from './requestFailures.ts';
import './controls.css';

interface RecordQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

export function RecordToEdit<T>({
  id,
  query,
  children,
}: {
  id: string | undefined;
  query: RecordQuery<T>;
  /** Keyed by the id in the caller, so another record starts a fresh form. */
  children: (record: T | null) => ReactNode;
}) {
  if (!id) return children(null);
  if (query.isPending) return <PageSkeleton />;
  // A refetch that failed while the record is still at hand keeps the form and its edits.
  if (query.isError && query.data === undefined) {
    return (
      <p className="form-error" role="alert">
        {describeRequestError(query.error)}
      </p>
    );
  }
  return children(query.data ?? null);
}
