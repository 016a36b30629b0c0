// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpaceAnswer } from '../../schemas/floor/answers';
import { FloorTable } from './FloorTable';

afterEach(cleanup);

const shared = {
  id: 2,
  floor_no: 2,
  floor_status: 'rented',
  floor_price: 150,
  floor_size: '10x12',
  floor_description: 'Shared Wall',
  owners: [
    { id: 1, user: { id: 5, username: 'vendor' }, floor_price: 80 },
    { id: 2, user: { id: 6, username: 'oldbarn' }, floor_price: 70 },
  ],
} as SpaceAnswer;

describe('FloorTable', () => {
  it('spans a shared space over one row per owner and opens it from its number', () => {
    const onOpen = vi.fn();
    render(<FloorTable spaces={[shared]} formatPrice={(amount) => `$${amount}`} onOpenSpace={onOpen} />);
    const rows = screen.getByRole('table', { name: 'Spaces' }).querySelectorAll('tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.querySelector('td')!.getAttribute('rowspan')).toBe('2');
    expect([...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['2', 'vendor', '$80', '10x12', 'Shared Wall']);
    expect([...rows[1]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['oldbarn', '$70']);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onOpen).toHaveBeenCalledWith(shared);
  });
});
