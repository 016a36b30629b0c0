import { useRef, type CSSProperties } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LIST_MESSAGES } from './listMessages';
import type { ListSort } from './sortCycle';
import type { ListRow } from './types';
import { useListColumns, type ListColumnMeta, type ListColumnsOptions } from './useListColumns';

/** Pages longer than this render only the rows in view (spec: long pages are virtualised). */
export const VIRTUALIZE_ABOVE = 100;
const ROW_HEIGHT = 45;

interface CrudTableProps extends ListColumnsOptions {
  rows: ListRow[];
  sort: ListSort | null;
  onSort: (column: string) => void;
  busy: boolean;
}

function ariaSort(sort: ListSort | null, key: string | undefined): 'ascending' | 'descending' | undefined {
  if (!key || sort?.column !== key) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

/**
 * The row menu is the only way to edit some rows (vendors): when it is the last column it stays pinned to the
 * table's right edge, so a table wider than the screen scrolls its other columns under it instead of pushing
 * the menu out of view.
 */
const PINNED_MENU = 'sticky right-0 z-[1] shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)]';

function isPinnedMenu(columnId: string, index: number, count: number): boolean {
  return columnId === '$options' && index === count - 1;
}

function BodyRow({ row }: { row: Row<ListRow> }) {
  const cells = row.getVisibleCells();
  return (
    <tr data-row-id={row.original.$id} className="group border-t border-slate-200 hover:bg-slate-50" style={{ height: ROW_HEIGHT }}>
      {cells.map((cell, index) => (
        <td
          key={cell.id}
          className={`px-3 py-2 text-sm text-slate-700 ${cell.column.id === 'created_at' ? 'lg:whitespace-nowrap' : ''} ${
            isPinnedMenu(cell.column.id, index, cells.length) ? `${PINNED_MENU} bg-white group-hover:bg-slate-50` : ''
          }`}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}

/** The list's table: TanStack Table in manual mode (the server sorts, filters and pages). */
export function CrudTable({ rows, sort, onSort, busy, ...columnOptions }: CrudTableProps) {
  const columns = useListColumns(columnOptions);
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.$id),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const tableRows = table.getRowModel().rows;
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = columns.length;

  return (
    <div ref={scroller} className={`overflow-x-auto ${virtual ? 'max-h-[70vh] overflow-y-auto' : ''}`} aria-busy={busy}>
      <table className="w-full border-collapse text-left">
        <thead className="sticky top-0 z-10 bg-slate-50">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header, index) => {
                const meta = header.column.columnDef.meta as ListColumnMeta | undefined;
                const sortKey = meta?.sortKey;
                const direction = ariaSort(sort, sortKey);
                const content = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    aria-sort={direction}
                    // Declared widths hold from the lg breakpoint: below it columns shrink and wrap so a list fits a tablet.
                    style={meta?.width ? ({ '--column-min': meta.width } as CSSProperties) : undefined}
                    className={`border-b border-slate-200 px-3 py-2 lg:min-w-(--column-min) text-xs font-semibold uppercase tracking-wide text-slate-600 ${
                      isPinnedMenu(header.column.id, index, group.headers.length) ? `${PINNED_MENU} bg-slate-50` : ''
                    }`}
                  >
                    {sortKey ? (
                      <button type="button" onClick={() => onSort(sortKey)} className="flex w-full items-center justify-between gap-2 uppercase">
                        <span>{content}</span>
                        <span aria-hidden="true" className="w-3">
                          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
                        </span>
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {tableRows.length === 0 && (
            <tr>
              <td colSpan={columnCount} className="px-3 py-6 text-center text-sm text-slate-500">
                {LIST_MESSAGES.empty}
              </td>
            </tr>
          )}
          {virtual && padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
          {virtual
            ? items.map((item) => {
                const row = tableRows[item.index];
                return row ? <BodyRow key={row.id} row={row} /> : null;
              })
            : tableRows.map((row) => <BodyRow key={row.id} row={row} />)}
          {virtual && padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
        </tbody>
      </table>
    </div>
  );
}
