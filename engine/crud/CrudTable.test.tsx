// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CrudFooter } from './CrudFooter';
import { CrudTable } from './CrudTable';
import type { ConfigAnswer, ListAnswer, ListRow } from './types';

afterEach(cleanup);

const CONFIG: ConfigAnswer = {
  columns: { title: { label: 'Title', $ignoreSort: false } },
  queryFilters: [],
  labels: { list_title: 'Notes' },
  links: { list: '/dashboard/notes', create: '#', edit: '#' },
  bulkActions: [],
  prependOptions: false,
  showOptions: false,
  namespace: 'test.notes',
};

const rowsOf = (count: number): ListRow[] =>
  Array.from({ length: count }, (_, index) => ({
    $id: index + 1,
    $checked: false,
    $toggled: false,
    $actions: [],
    created_at: null,
    title: `Note ${index + 1}`,
  }));

function renderTable(rows: ListRow[]) {
  return render(
    <CrudTable
      config={CONFIG}
      rows={rows}
      sort={null}
      onSort={() => {}}
      busy={false}
      isSelected={() => false}
      pageSelected={false}
      onToggleRow={() => {}}
      onTogglePage={() => {}}
      openMenu={null}
      onMenuOpen={() => {}}
      onAction={() => {}}
    />,
  );
}

const bodyRows = (container: HTMLElement) => container.querySelectorAll('tbody tr[data-row-id]');

describe('CrudTable with the largest page', () => {
  // happy-dom lays nothing out: every box is given a browser's size (800 × 600 px) so the virtualiser sees a viewport.
  const sizes = { clientHeight: 600, clientWidth: 800 };
  beforeAll(() => {
    for (const [key, value] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  });
  afterAll(() => {
    for (const key of Object.keys(sizes)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  });

  it('renders a page of 1,000 rows as the rows in view plus spacers, not 1,000 rows', () => {
    const { container } = renderTable(rowsOf(1000));
    const rendered = bodyRows(container).length;
    // 600 px of 45 px rows and 12 rows of overscan.
    expect(rendered).toBeGreaterThanOrEqual(14);
    expect(rendered).toBeLessThan(50);
    // The spacer below stands for every row not drawn (45 px each), so the scroll bar is the whole page's.
    const spacers = [...container.querySelectorAll('tbody tr[aria-hidden="true"]')] as HTMLElement[];
    const spacerHeight = spacers.reduce((total, spacer) => total + Number.parseFloat(spacer.style.height), 0);
    expect(spacerHeight + rendered * 45).toBe(45_000);
  });

  it('renders a page of 100 rows whole', () => {
    const { container } = renderTable(rowsOf(100));
    expect(bodyRows(container)).toHaveLength(100);
  });
});

describe('CrudFooter with ALL', () => {
  const answer = (total: number, perPage: number): ListAnswer => ({
    current_page: 1,
    data: [],
    first_page_url: '',
    from: 1,
    last_page: Math.ceil(total / perPage),
    last_page_url: '',
    next_page_url: null,
    path: '',
    per_page: perPage,
    prev_page_url: null,
    to: perPage,
    total,
  });
  const footer = (total: number, perPage: number) =>
    render(<CrudFooter bulkActions={[]} onBulkAction={() => {}} perPage="all" onPerPage={() => {}} answer={answer(total, perPage)} onPage={() => {}} />);

  it('points to the CSV export when the list is longer than a page holds', () => {
    footer(20_000, 1000);
    expect(screen.getByRole('note').textContent).toBe('Pages hold at most 1,000 rows. Use the CSV export for more.');
  });

  it('says nothing when the whole list fits', () => {
    footer(1000, 1000);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
