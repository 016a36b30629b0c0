// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const mocks = vi.hoisted(() => ({ request: vi.fn(), showSnackbar: vi.fn() }));
vi.mock('../http', () => ({ http: { request: mocks.request }, apiPath: (url: string) => url }));
vi.mock('../notices', () => ({ showSnackbar: mocks.showSnackbar }));

const { SearchField } = await import('./SearchField');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function typeAndWait(text: string, ms: number) {
  fireEvent.change(screen.getByLabelText('Customer'), { target: { value: text } });
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('SearchField', () => {
  it('posts the text under the argument name 1 s after the last keystroke and lists the answer', async () => {
    vi.useFakeTimers();
    mocks.request.mockResolvedValue({ data: [{ name: 'Lee Chen' }] });
    const onSelect = vi.fn();
    render(<SearchField<{ name: string }> url="/customers/search" argument="query" label="Customer" renderItem={(item) => item.name} onSelect={onSelect} />);
    await typeAndWait('le', 999);
    expect(mocks.request).not.toHaveBeenCalled();
    await typeAndWait('lee', 1000);
    expect(mocks.request).toHaveBeenCalledTimes(1);
    expect(mocks.request).toHaveBeenCalledWith({ method: 'POST', url: '/customers/search', silent: true, data: { query: 'lee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lee Chen' }));
    expect(onSelect).toHaveBeenCalledWith({ name: 'Lee Chen' });
  });

  it("says 'An Unexpected Error Occurred.' when the search fails", async () => {
    vi.useFakeTimers();
    mocks.request.mockRejectedValue(new Error('down'));
    render(<SearchField url="/customers/search" label="Customer" renderItem={() => null} onSelect={() => undefined} />);
    await typeAndWait('lee', 1000);
    expect(mocks.request).toHaveBeenCalledWith(expect.objectContaining({ data: { search: 'lee' } }));
    expect(mocks.showSnackbar).toHaveBeenCalledWith({ message: 'An Unexpected Error Occurred.', variant: 'error' });
  });
});
