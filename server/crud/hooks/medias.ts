import { ownFilesOnly, ownFilesScope } from '../../services/ownFiles';
import type { CrudHooks } from './types';

/** Media: anyone may delete their own uploads; administrators may delete any. Files on disk belong to the uploads issue. */
export default {
  scope: ({ user }) => ownFilesScope('medias', user),
  async beforeDelete(id, ctx) {
    await ownFilesOnly(ctx.trx, 'medias', id, ctx.user);
  },
} satisfies CrudHooks;
