import { ownFilesOnly, ownFilesScope } from '../../services/ownFiles';
import type { CrudHooks } from './types';

/** Documents: anyone may delete their own uploads; administrators may delete any. */
export default {
  scope: ({ user }) => ownFilesScope('documents', user),
  async beforeDelete(id, ctx) {
    await ownFilesOnly(ctx.trx, 'documents', id, ctx.user);
  },
} satisfies CrudHooks;
