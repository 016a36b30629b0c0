// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FieldRenderer, hasComponent, hasField } from '../engine/fields';
import './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The base field types of issue 3, each registered by its own file in fields/. */
const BASE_TYPES = [
  'text',
  'password',
  'email',
  'number',
  'time',
  'color',
  'phone',
  'date',
  'select',
  'textarea',
  'checkbox',
  'multiselect',
  'select-audio',
  'switch',
  'link',
  'custom',
];

describe('the built-in fields', () => {
  it('register every base type and the product-unit-quantities component', () => {
    expect(BASE_TYPES.filter((type) => !hasField(type))).toEqual([]);
    expect(hasComponent('product-unit-quantities')).toBe(true);
  });

  it("leave the application's domain types to the application (screens/register.ts)", () => {
    expect(['commission_rent', 'floorlayout', 'spacehistory'].filter((type) => hasField(type))).toEqual([]);
  });

  it('render an unregistered custom component as the spec failure, caught by the field boundary', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <FieldRenderer
        type="custom"
        name="x"
        label="X"
        value={null}
        onChange={() => undefined}
        field={{ name: 'x', label: 'X', type: 'custom', component: 'missing-thing' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Unable to load the component "missing-thing". Make sure the component is registered to the extra components registry.',
    );
  });

  it('mask the phone input and tick checkboxes as 0/1', () => {
    const onPhone = vi.fn();
    render(<FieldRenderer type="phone" name="phone" label="Phone" value="" onChange={onPhone} />);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '5551234' } });
    expect(onPhone).toHaveBeenCalledWith('+1 (555) 123-4');

    const onFlag = vi.fn();
    render(<FieldRenderer type="checkbox" name="flag" label="Flag" value={0} onChange={onFlag} />);
    fireEvent.click(screen.getByLabelText('Flag'));
    expect(onFlag).toHaveBeenCalledWith(1);
  });

  it('keeps multiselect values in option order', () => {
    const onChange = vi.fn();
    const options = [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
      { label: 'C', value: 'c' },
    ];
    render(<FieldRenderer type="multiselect" name="tags" label="Tags" value={['c']} options={options} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('A'));
    expect(onChange).toHaveBeenCalledWith(['a', 'c']);
  });
});
