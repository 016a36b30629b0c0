// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Form } from '../../schemas/form/field';
import '../../fields';
import { formValidator, matchesSchema } from './formValidator';
import { SchemaForm } from './SchemaForm';

afterEach(cleanup);

const ROOT: RJSFSchema = { type: 'object', definitions: { code: { type: 'string', pattern: '^[A-Z]{2}$' } } };

describe('matchesSchema', () => {
  it.each<[RJSFSchema, unknown, boolean]>([
    [{ const: 5, title: 'Rent' }, 5, true],
    [{ const: 5, title: 'Rent' }, 4, false],
    [{ const: 5, title: 'Rent' }, null, false],
    [{ type: 'integer', enum: [0, 1] }, 1, true],
    [{ type: 'integer', enum: [0, 1] }, 2, false],
    [{ type: ['string', 'null'] }, null, true],
    [{ type: 'integer' }, 1.5, false],
    [{ oneOf: [{ const: 'a' }, { const: 'b' }] }, 'b', true],
    [{ oneOf: [{ type: 'string' }, { const: 'b' }] }, 'b', false],
    [{ anyOf: [{ required: ['x'] }, { required: ['y'] }] }, { y: 1 }, true],
    [{ anyOf: [{ required: ['x'] }, { required: ['y'] }] }, { z: 1 }, false],
    [{ type: 'array', uniqueItems: true, items: { oneOf: [{ const: 1 }, { const: 2 }] } }, [1, 2], true],
    [{ type: 'array', uniqueItems: true, items: { oneOf: [{ const: 1 }, { const: 2 }] } }, [1, 1], false],
    [{ type: 'array', items: { oneOf: [{ const: 1 }, { const: 2 }] } }, [3], false],
    [{ type: 'string', minLength: 2, maxLength: 3 }, 'abcd', false],
    [{ type: 'number', minimum: 0, maximum: 10 }, 10, true],
    [{ type: 'number', minimum: 0, maximum: 10 }, -1, false],
    [{ properties: { kind: { const: 'rent' } }, required: ['kind'] }, { kind: 'fee' }, false],
    [{ if: { properties: { kind: { const: 'rent' } } }, then: { required: ['amount'] } }, { kind: 'rent' }, false],
    [{ if: { properties: { kind: { const: 'rent' } } }, then: { required: ['amount'] } }, { kind: 'fee' }, true],
    [{ $ref: '#/definitions/code' }, 'US', true],
    [{ $ref: '#/definitions/code' }, 'usa', false],
    [{ not: { const: 0 } }, 0, false],
    [{ type: 'string', 'x-unknown': true } as RJSFSchema, 'x', true],
  ])('%j with %j → %s', (schema, value, expected) => {
    expect(matchesSchema(schema, value, ROOT)).toBe(expected);
  });
});

describe('formValidator', () => {
  it('answers no schema errors, only what customValidate adds', () => {
    const schema: RJSFSchema = { type: 'object', properties: { name: { type: 'string', minLength: 3 } }, required: ['name'] };
    expect(formValidator.validateFormData({}, schema)).toEqual({ errors: [], errorSchema: {} });
    const result = formValidator.validateFormData({ name: 'A' }, schema, (values, errors) => {
      expect(values).toEqual({ name: 'A' });
      errors.name?.addError('Too short.');
      return errors;
    });
    expect(result.errorSchema).toEqual({ __errors: [], name: { __errors: ['Too short.'] } });
    expect(result.errors).toEqual([{ property: '.name', message: 'Too short.', stack: '.name Too short.' }]);
  });
});

const CHOICES: Form = {
  main: { name: 'name', label: 'Name', type: 'text' },
  tabs: {
    general: {
      label: 'General',
      fields: [
        {
          name: 'category',
          label: 'Category',
          type: 'select',
          options: [
            { label: 'Rent', value: 5 },
            { label: 'Fees', value: 4 },
          ],
        },
        {
          name: 'kind',
          label: 'Kind',
          type: 'select',
          options: [
            { label: 'Cash', value: 'cash' },
            { label: 'Card', value: 'card' },
          ],
          value: 'card',
        },
        {
          name: 'tags',
          label: 'Tags',
          type: 'multiselect',
          options: [
            { label: 'Red', value: 'red' },
            { label: 'Blue', value: 'blue' },
          ],
          value: ['blue'],
        },
        {
          name: 'active',
          label: 'Active',
          type: 'switch',
          options: [
            { label: 'Yes', value: 1 },
            { label: 'No', value: 0 },
          ],
          value: 0,
        },
      ],
    },
  },
};

describe('select fields without AJV', () => {
  it('render their options, keep an empty select empty and a chosen value chosen', () => {
    const onSubmit = vi.fn();
    const { container } = render(<SchemaForm form={CHOICES} onSubmit={onSubmit} />);
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...category.options].map((option) => option.textContent)).toContain('Rent');
    expect([...category.options].map((option) => option.textContent)).toContain('Fees');
    expect(screen.getByText('Red')).toBeTruthy();
    expect(screen.getByText('Blue')).toBeTruthy();
    const form = container.querySelector('form');
    if (!form) throw new Error('no form');
    act(() => {
      fireEvent.submit(form);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: null,
      general: { category: null, kind: 'card', tags: ['blue'], active: 0 },
    });
  });
});
