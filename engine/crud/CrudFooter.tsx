import { useState } from 'react';
import { MAX_PAGE_ROWS, pageBoundMessage } from '../../schemas/paged';
import { PER_PAGE_OPTIONS, type PerPage } from './listParams';
import { Pagination } from './Pagination';
import type { BulkAction, ListAnswer } from './types';

interface CrudFooterProps {
  bulkActions: readonly BulkAction[];
  onBulkAction: (action: BulkAction | undefined) => void;
  perPage: PerPage;
  onPerPage: (perPage: PerPage) => void;
  answer: ListAnswer | undefined;
  onPage: (page: number) => void;
}

const SELECT_CLASSES =
  'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200';

/** The list's footer: bulk-action selector, rows per page and pagination. */
export function CrudFooter({ bulkActions, onBulkAction, perPage, onPerPage, answer, onPage }: CrudFooterProps) {
  const [actionId, setActionId] = useState('');
  return (
    <div className="flex flex-col justify-between gap-3 border-t border-slate-200 p-3 md:flex-row md:items-center">
      <div className="flex items-center gap-2">
        {bulkActions.length > 0 && (
          <>
            <select aria-label="Bulk Actions" className={`${SELECT_CLASSES} w-56`} value={actionId} onChange={(event) => setActionId(event.target.value)}>
              <option value="">Bulk Actions</option>
              {bulkActions.map((action) => (
                <option key={action.identifier} value={action.identifier}>
                  {action.label}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-700 hover:bg-slate-50"
              onClick={() => onBulkAction(bulkActions.find((action) => action.identifier === actionId))}
            >
              Apply
            </button>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <select
          aria-label="Rows per page"
          className={`${SELECT_CLASSES} w-24`}
          value={String(perPage)}
          onChange={(event) => onPerPage(event.target.value === 'all' ? 'all' : (Number(event.target.value) as PerPage))}
        >
          {PER_PAGE_OPTIONS.map((option) => (
            <option key={option} value={String(option)}>
              {option === 'all' ? 'ALL' : option}
            </option>
          ))}
        </select>
        {perPage === 'all' && answer && answer.total > MAX_PAGE_ROWS && (
          <p role="note" className="text-sm text-slate-600">
            {pageBoundMessage(MAX_PAGE_ROWS, true)}
          </p>
        )}
        {answer && <Pagination current={answer.current_page} last={answer.last_page} onPage={onPage} />}
      </div>
    </div>
  );
}
