import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { CurrencySettings } from '../../schemas/format/currency';
import { isLabelKind, toneOf } from '../../schemas/labels';
import { cellText } from './cellText';
import { RowOptionsMenu } from './RowOptionsMenu';
import { StatusBadge } from './StatusBadge';
import type { ConfigAnswer, ListRow, ListRowAction } from './types';

export interface ListColumnsOptions {
  config: ConfigAnswer;
  isSelected: (id: number) => boolean;
  pageSelected: boolean;
  onToggleRow: (id: number, selected: boolean) => void;
  onTogglePage: (selected: boolean) => void;
  openMenu: number | null;
  onMenuOpen: (id: number | null) => void;
  onAction: (action: ListRowAction, row: ListRow) => void;
  /** The store currency, for money columns; plain decimals until the options load. */
  currency?: CurrencySettings;
}

/** Metadata a column carries for the header: its config key and whether it sorts. */
export interface ListColumnMeta {
  sortKey?: string;
  width?: string;
}

/** TanStack column definitions from the list config: select box, the declared columns, and the options menu. */
export function useListColumns(options: ListColumnsOptions): ColumnDef<ListRow>[] {
  const { config, isSelected, pageSelected, onToggleRow, onTogglePage, openMenu, onMenuOpen, onAction, currency } = options;
  return useMemo(() => {
    const select: ColumnDef<ListRow> = {
      id: '$select',
      header: () => (
        <input type="checkbox" aria-label="Select all" className="h-4 w-4" checked={pageSelected} onChange={(event) => onTogglePage(event.target.checked)} />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          aria-label={`Select row ${row.original.$id}`}
          className="h-4 w-4"
          checked={isSelected(row.original.$id)}
          onChange={(event) => onToggleRow(row.original.$id, event.target.checked)}
        />
      ),
    };
    const menu: ColumnDef<ListRow> = {
      id: '$options',
      header: () => null,
      cell: ({ row }) =>
        row.original.$actions.length > 0 ? (
          <RowOptionsMenu
            actions={row.original.$actions}
            open={openMenu === row.original.$id}
            onOpenChange={(open) => onMenuOpen(open ? row.original.$id : null)}
            onAction={(action) => onAction(action, row.original)}
          />
        ) : null,
    };
    const data = Object.entries(config.columns).map(([key, column]): ColumnDef<ListRow> => ({
      id: key,
      header: column.label,
      accessorFn: (row) => (row as Record<string, unknown>)[key],
      cell: ({ getValue }) =>
        column.type === 'badge' ? (
          <StatusBadge label={cellText(key, column, getValue(), currency)} tone={toneOf(isLabelKind(column.labels) ? column.labels : undefined, getValue())} />
        ) : (
          cellText(key, column, getValue(), currency)
        ),
      meta: { ...(column.$ignoreSort ? {} : { sortKey: key }), ...(column.width ? { width: column.width } : {}) } satisfies ListColumnMeta,
    }));
    if (!config.showOptions) return [select, ...data];
    return config.prependOptions ? [select, menu, ...data] : [select, ...data, menu];
  }, [config, isSelected, pageSelected, onToggleRow, onTogglePage, openMenu, onMenuOpen, onAction, currency]);
}
