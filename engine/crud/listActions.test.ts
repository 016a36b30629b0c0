import { beforeEach, describe, expect, it, vi } from 'vitest';

const mocks = vi.hoisted(() => ({
  request: vi.fn(),
  post: vi.fn(),
  showSnackbar: vi.fn(),
  askConfirm: vi.fn(),
  openPopup: vi.fn(),
}));

vi.mock('../http', () => ({
  http: { request: mocks.request, post: mocks.post },
  apiPath: (url: string) => url.replace('/api/nexopos/v4', ''),
}));
vi.mock('../notices', () => ({ showSnackbar: mocks.showSnackbar }));
vi.mock('../popups', () => ({ askConfirm: mocks.askConfirm, openPopup: mocks.openPopup }));

const { exportList, runBulkAction, runRowAction } = await import('./listActions');

const ROW = { $id: 3, $checked: false, $toggled: false, $actions: [], created_at: null };
const DELETE_SELECTED = { identifier: 'delete_selected', label: 'Delete Selected Entries', confirm: 'Would you like to delete selected entries ?' };

beforeEach(() => vi.clearAllMocks());

describe('bulk actions', () => {
  it('needs an action, then a selection', async () => {
    expect(await runBulkAction('ns.units', undefined, [1])).toBe(false);
    expect(mocks.showSnackbar).toHaveBeenLastCalledWith({ message: 'No action has been selected.', variant: 'error' });
    expect(await runBulkAction('ns.units', DELETE_SELECTED, [])).toBe(false);
    expect(mocks.showSnackbar).toHaveBeenLastCalledWith({ message: 'No selection has been made.', variant: 'error' });
    expect(mocks.post).not.toHaveBeenCalled();
  });

  it("asks the action's confirm and posts only on Yes", async () => {
    mocks.askConfirm.mockResolvedValueOnce(false);
    expect(await runBulkAction('ns.units', DELETE_SELECTED, [1, 2])).toBe(false);
    expect(mocks.askConfirm).toHaveBeenCalledWith('Would you like to delete selected entries ?');
    expect(mocks.post).not.toHaveBeenCalled();

    mocks.askConfirm.mockResolvedValueOnce(true);
    mocks.post.mockResolvedValueOnce({ data: { status: 'success', message: 'The operation was successful: 2 deleted, 0 failed.' } });
    expect(await runBulkAction('ns.units', DELETE_SELECTED, [1, 2])).toBe(true);
    expect(mocks.post).toHaveBeenCalledWith('/crud/ns.units/bulk-actions', { action: 'delete_selected', entries: [1, 2] });
    expect(mocks.showSnackbar).toHaveBeenLastCalledWith({ message: 'The operation was successful: 2 deleted, 0 failed.', variant: 'success' });
  });
});

describe('a POPUP bulk action', () => {
  const PRINT_TAGS = { identifier: 'print_tags', label: 'Print Tags', type: 'POPUP' as const, component: 'item-tags' };

  it('opens its popup with the namespace and the selected ids, posting nothing', async () => {
    mocks.openPopup.mockResolvedValueOnce(undefined);
    expect(await runBulkAction('ns.products', PRINT_TAGS, [4, 9])).toBe(true);
    expect(mocks.openPopup).toHaveBeenCalledWith('item-tags', { namespace: 'ns.products', entries: [4, 9] });
    expect(mocks.post).not.toHaveBeenCalled();
  });

  it('keeps the selection when the popup is dismissed', async () => {
    mocks.openPopup.mockRejectedValueOnce(Object.assign(new Error('dismissed'), { name: 'PopupDismissed' }));
    expect(await runBulkAction('ns.products', PRINT_TAGS, [4])).toBe(false);
    expect(mocks.showSnackbar).not.toHaveBeenCalled();
  });
});

describe('row actions', () => {
  const context = { navigate: vi.fn(), refresh: vi.fn() };

  it('GOTO navigates', async () => {
    await runRowAction({ identifier: 'edit', label: 'Edit', type: 'GOTO', url: '/dashboard/units/edit/3' }, ROW, context);
    expect(context.navigate).toHaveBeenCalledWith('/dashboard/units/edit/3');
  });

  it('DELETE confirms, calls the url, shows the message and refreshes', async () => {
    mocks.askConfirm.mockResolvedValueOnce(true);
    mocks.request.mockResolvedValueOnce({ data: { status: 'success', message: 'Successfully Deleted' } });
    await runRowAction(
      {
        identifier: 'delete',
        label: 'Delete',
        type: 'DELETE',
        url: '/api/nexopos/v4/crud/ns.units/3',
        confirm: { message: 'Would you like to delete this ?' },
      },
      ROW,
      context,
    );
    expect(mocks.request).toHaveBeenCalledWith({ method: 'DELETE', url: '/crud/ns.units/3' });
    expect(mocks.showSnackbar).toHaveBeenCalledWith({ message: 'Successfully Deleted', variant: 'success' });
    expect(context.refresh).toHaveBeenCalled();
  });

  it('POPUP with an unregistered component shows the spec message', async () => {
    const message = 'Unable to load the component "ns-orders-preview-popup". Make sure the component is registered to the extra components registry.';
    mocks.openPopup.mockRejectedValueOnce(new Error(message));
    await runRowAction({ identifier: 'options', label: 'Options', type: 'POPUP', component: 'ns-orders-preview-popup' }, ROW, context);
    expect(mocks.openPopup).toHaveBeenCalledWith('ns-orders-preview-popup', expect.objectContaining({ row: ROW }));
    expect(mocks.showSnackbar).toHaveBeenCalledWith({ message, variant: 'error' });
  });
});

describe('export', () => {
  it('posts the query and the selection, then goes to the url; a failure says the spec message', async () => {
    const go = vi.fn();
    mocks.post.mockResolvedValueOnce({ data: { url: '/api/nexopos/v4/crud-exports/x.csv' } });
    await exportList('ns.units', { page: 2, per_page: 50, search: 'mug' }, [4], go);
    expect(mocks.post).toHaveBeenCalledWith('/crud/ns.units/export', { entries: [4] }, { params: { search: 'mug' }, silent: true });
    expect(go).toHaveBeenCalledWith('/api/nexopos/v4/crud-exports/x.csv');

    mocks.post.mockRejectedValueOnce(new Error('down'));
    await exportList('ns.units', { page: 1, per_page: 50 }, [], go);
    expect(mocks.showSnackbar).toHaveBeenLastCalledWith({ message: 'Unexpected error occurred.', variant: 'error' });
  });
});
