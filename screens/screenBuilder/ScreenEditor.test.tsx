// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupHost, popupStack } from '../../engine/popups';
import '../../fields';
import { checkSave, createScreen, previewScreen, updateScreen, type SavedScreen } from './builderApi';
import { declarationOf } from './declarationOf';
import { emptyState, newField } from './editorState';
import { ScreenEditor } from './ScreenEditor';

vi.mock('./builderApi', async (original) => ({
  ...(await original<object>()),
  previewScreen: vi.fn(),
  checkSave: vi.fn(),
  createScreen: vi.fn(),
  updateScreen: vi.fn(),
}));

const FIELD_TYPES = [
  { type: 'text', label: 'Text' },
  { type: 'number', label: 'Number', minmax: true },
  { type: 'select', label: 'Select', options: true },
];

function refusal(status: number, data: object): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError('refused', String(status), { headers }, undefined, { status, statusText: '', headers, config: { headers }, data });
}

const NOTHING = { created: false, added: [], renamed: [], removed: [], typeChanges: [], problems: [] };

function saved(): SavedScreen {
  const state = {
    ...emptyState(),
    title: 'Intake',
    namespace: 'ns.intake',
    slug: 'intake',
    table: 'intake',
    fields: [{ ...newField('general', 'x'), name: 'phone', label: 'Phone' }],
  };
  return { declaration: declarationOf(state).declaration, version: 3, removedFields: [], updated_at: null };
}

function renderEditor(props: { saved?: SavedScreen; onSaved?: () => void; onReload?: () => void } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ScreenEditor
          fieldTypes={FIELD_TYPES}
          onSaved={props.onSaved ?? vi.fn()}
          onReload={props.onReload ?? vi.fn()}
          {...(props.saved ? { saved: props.saved } : {})}
        />
      </MemoryRouter>
      <PopupHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(previewScreen).mockRejectedValue(new Error('no preview here'));
});

afterEach(async () => {
  // A popup animating out would keep the next test's page hidden from the accessibility tree.
  await waitFor(() => expect(popupStack.getSnapshot()).toEqual([]));
  cleanup();
  vi.clearAllMocks();
});

describe('the screen editor', () => {
  it('creates a screen after showing the save check', async () => {
    vi.mocked(checkSave).mockResolvedValue({ ...NOTHING, created: true, added: ['name'] });
    vi.mocked(createScreen).mockResolvedValue({ namespace: 'ns.consignment-intake', version: 1 });
    const onSaved = vi.fn();
    renderEditor({ onSaved });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Consignment Intake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    fireEvent.change(within(screen.getByRole('region', { name: 'Field 1' })).getByLabelText('Label'), { target: { value: 'Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save screen' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save this screen?' });
    expect(dialog.textContent).toContain('A new screen and its table will be created.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('ns.consignment-intake', 1));
    const sent = vi.mocked(createScreen).mock.calls[0]?.[0];
    expect(sent?.namespace).toBe('ns.consignment-intake');
    expect(sent?.form?.tabs.general?.fields).toEqual([{ name: 'name', label: 'Name', type: 'text' }]);
    expect(vi.mocked(checkSave).mock.calls[0]?.[0]).toMatchObject({ renames: {} });
  });

  it('sends a rename with the base version, and asks to reload on a 409', async () => {
    vi.mocked(checkSave).mockResolvedValue({ ...NOTHING, renamed: [{ from: 'phone', to: 'mobile' }] });
    vi.mocked(updateScreen).mockRejectedValue(refusal(409, { status: 'failed', message: 'Saved by someone else.' }));
    const onReload = vi.fn();
    renderEditor({ saved: saved(), onReload });
    fireEvent.change(within(screen.getByRole('region', { name: 'Field 1' })).getByLabelText('Name'), { target: { value: 'mobile' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this screen?' });
    expect(dialog.textContent).toContain('phone → mobile');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const conflict = await screen.findByRole('dialog', { name: 'Saved elsewhere' });
    expect(vi.mocked(updateScreen).mock.calls[0]?.[1]).toMatchObject({ base_version: 3, renames: { phone: 'mobile' } });
    fireEvent.click(within(conflict).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onReload).toHaveBeenCalled());
  });

  it('puts the server’s field errors on the field they name', async () => {
    vi.mocked(checkSave).mockRejectedValue(
      refusal(422, {
        status: 'failed',
        message: 'The screen has a problem.',
        errors: { '/form/tabs/general/fields/0/name': ['This name is taken by a removed field.'] },
      }),
    );
    renderEditor({ saved: saved() });
    fireEvent.click(screen.getByRole('button', { name: 'Save screen' }));
    const card = screen.getByRole('region', { name: 'Field 1' });
    await waitFor(() => expect(card.textContent).toContain('This name is taken by a removed field.'));
    expect(within(card).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(updateScreen).not.toHaveBeenCalled();
  });
});
