import { describe, expect, it } from 'vitest';
import { editorErrorsOf, fieldErrors, normalisePath, unplacedErrors } from './serverErrors';

describe('server errors on the editor', () => {
  it('normalises JSON paths', () => {
    expect(normalisePath('/form/tabs/general/fields/2/name')).toBe('form.tabs.general.fields.2.name');
    expect(normalisePath('form.tabs.general.fields[2].type')).toBe('form.tabs.general.fields.2.type');
    expect(normalisePath('namespace')).toBe('namespace');
  });

  it('gives a field the messages at its place and under its name', () => {
    const errors = editorErrorsOf({
      '/form/tabs/general/fields/1/type': ['Unknown field type "x".'],
      'form.tabs.general.fields.10.name': ['Not this one.'],
      asking_price: ['3 stored values would not convert.'],
    });
    expect(fieldErrors(errors, 'form.tabs.general.fields.1', 'condition')).toEqual(['Unknown field type "x".']);
    expect(fieldErrors(errors, 'form.tabs.pricing.fields.0', 'asking_price')).toEqual(['3 stored values would not convert.']);
  });

  it('lists the messages no input shows', () => {
    const errors = editorErrorsOf({ '': ['Bad screen.'], namespace: ['Taken.'], 'form.tabs.general.fields.0.type': ['Unknown.'], access: ['Unknown role.'] });
    expect(unplacedErrors(errors, ['namespace', 'form.tabs.general.fields.0'])).toEqual(['Bad screen.', 'access: Unknown role.']);
  });
});
