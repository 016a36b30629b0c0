import type { ConfigAnswer, ListAnswer, ListRow, ListRowAction } from '../../schemas/crud/list';

export type { ConfigAnswer, ListAnswer, ListRow, ListRowAction };
export type BulkAction = ConfigAnswer['bulkActions'][number];
export type ConfigColumn = ConfigAnswer['columns'][string];
