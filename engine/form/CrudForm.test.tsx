// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Form } from '../../schemas/form/field';
import '../../fields';
import { http } from '../http';
import { CrudForm } from './CrudForm';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const FORM: Form = {
  main: { name: 'name', label: 'Name', type: 'text' },
  tabs: { general: { label: 'General', fields: [{ name: 'email', label: 'Email', type: 'email' }] } },
};

function refusal(data: object): AxiosError {
  return new AxiosError('Request failed', '422', undefined, undefined, {
    data,
    status: 422,
    statusText: 'Unprocessable Entity',
    headers: {},
    config: { headers: new AxiosHeaders() },
  });
}

describe('CrudForm and the server refusal', () => {
  it("places the answer's form error items on their fields by name, numeric segments ignored", async () => {
    // Only the items, no keyed messages: the form reads the spec's error items.
    vi.spyOn(http, 'request').mockRejectedValue(
      refusal({
        status: 'failed',
        message: 'The form is not valid.',
        field_errors: [
          { identifier: 'invalid', invalid: true, message: 'This value is already in use.', name: 'general.0.email' },
          { identifier: 'invalid', invalid: true, message: 'Names must be unique.', name: 'name' },
        ],
      }),
    );
    const { container } = render(<CrudForm form={FORM} creating submitUrl="/crud/ns.customers" />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ann' } });
    await act(async () => {
      fireEvent.submit(container.querySelector('form')!);
    });
    expect(await screen.findByText('This value is already in use.')).toBeTruthy();
    expect(container.querySelector('#field-general-email-errors')?.textContent).toBe('This value is already in use.');
    expect(container.querySelector('#field-name-errors')?.textContent).toBe('Names must be unique.');
  });
});
