import { describe, expect, it } from 'vitest';
import { editorErrorsOf, fieldErrorsByInput, normalisePath, unplacedErrors } from './serverErrors';

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
    expect(fieldErrorsByInput(errors, 'form.tabs.general.fields.1', 'condition')).toEqual({ type: ['Unknown field type "x".'] });
    expect(fieldErrorsByInput(errors, 'form.tabs.pricing.fields.0', 'asking_price')).toEqual({ '': ['3 stored values would not convert.'] });
  });

  it('lists the messages no input shows', () => {
    const errors = editorErrorsOf({ '': ['Bad screen.'], namespace: ['Taken.'], 'form.tabs.general.fields.0.type': ['Unknown.'], access: ['Unknown role.'] });
    expect(unplacedErrors(errors, ['namespace', 'form.tabs.general.fields.0'])).toEqual(['Bad screen.', 'access: Unknown role.']);
  });

  it('sorts a field’s messages onto its inputs', () => {
    const errors = editorErrorsOf({
      'form.tabs.general.fields.1.name': ['Taken.'],
      'form.tabs.general.fields.1.options.0.value': ['Empty.'],
      'form.tabs.general.fields.1.validation': ['Bad rule.'],
      'form.tabs.general.fields.1': ['Bad field.'],
      condition: ['2 stored values would not convert.'],
    });
    expect(fieldErrorsByInput(errors, 'form.tabs.general.fields.1', 'condition')).toEqual({
      name: ['Taken.'],
      options: ['Empty.'],
      '': ['Bad rule.', 'Bad field.', '2 stored values would not convert.'],
    });
  });
});
