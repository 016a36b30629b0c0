import { fieldTypeDefinition } from '../../schemas/fieldTypes';
import type { CurrencySettings } from '../../schemas/format/currency';
import { formatDateTime } from '../../schemas/format/date';
import { formatMoney } from '../../schemas/format/money';
import { humanizeCode, isLabelKind, labelOf } from '../../schemas/labels';
import { fromDecimal } from '../../schemas/money';
import type { ConfigColumn } from './types';

/**
 * A cell's text: created_at and date columns as 'MM-DD-YYYY h:mm:ss A' in UTC (spec 01 §3),
 * money (decimals on the wire) in the store's currency when its settings are known, booleans as
 * Yes / No, codes of a labelled column (and any badge) as their human label, nothing for null; a column
 * whose field type words its own cells (schemas/fieldTypes/) as that type says.
 */
export function cellText(key: string, column: ConfigColumn, value: unknown, currency?: CurrencySettings): string {
  if (value === null || value === undefined) return '';
  const ownCell = column.field === undefined ? undefined : fieldTypeDefinition(column.field)?.cell;
  if (ownCell) return ownCell(value);
  if (isLabelKind(column.labels)) return labelOf(column.labels, value);
  if (column.type === 'badge') return humanizeCode(String(value));
  if (
    column.type === 'money' &&
    currency &&
    (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))))
  ) {
    return formatMoney(fromDecimal(value), currency);
  }
  if (key === 'created_at' || column.type === 'date') return typeof value === 'string' ? formatDateTime(value) : String(value);
  if (column.type === 'boolean') return value === true || value === 1 || value === '1' ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
