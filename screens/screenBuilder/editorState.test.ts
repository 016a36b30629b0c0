import { describe, expect, it } from 'vitest';
import { emptyState, identifiersFromTitle, nameFromLabel, newField, renamesOf, withLabel, withTitle } from './editorState';

describe('the editor state', () => {
  it('names a field from its label', () => {
    expect(nameFromLabel('Asking price')).toBe('asking_price');
    expect(nameFromLabel('  Intake #  Number ')).toBe('intake_number');
    expect(nameFromLabel('2nd phone')).toBe('f_2nd_phone');
    expect(nameFromLabel('')).toBe('');
  });

  it('gives a new screen identifiers from its title until one is typed over', () => {
    expect(identifiersFromTitle('Consignment Intake')).toEqual({ namespace: 'ns.consignment-intake', slug: 'consignment-intake', table: 'consignment_intake' });
    const titled = withTitle(emptyState(), 'Consignment Intake', true);
    expect([titled.namespace, titled.slug, titled.table]).toEqual(['ns.consignment-intake', 'consignment-intake', 'consignment_intake']);
    const typed = withTitle({ ...titled, table: 'intakes' }, 'Intakes', true);
    expect([typed.namespace, typed.slug, typed.table]).toEqual(['ns.intakes', 'intakes', 'intakes']);
    const saved = withTitle(titled, 'Other', false);
    expect([saved.title, saved.namespace]).toEqual(['Other', 'ns.consignment-intake']);
  });

  it('lets a new field’s name follow its label, never a saved field’s', () => {
    const fresh = withLabel(withLabel(newField('general', 'k'), 'Phone'), 'Phone number');
    expect(fresh.name).toBe('phone_number');
    const typedOver = withLabel({ ...fresh, name: 'tel' }, 'Telephone');
    expect(typedOver.name).toBe('tel');
    const saved = withLabel({ ...newField('general', 's'), savedName: 'phone', name: 'phone', label: 'Phone' }, 'Mobile');
    expect(saved.name).toBe('phone');
  });

  it('records renames of saved fields only', () => {
    const state = {
      ...emptyState(),
      fields: [
        { ...newField('general', 'a'), savedName: 'phone', name: 'mobile' },
        { ...newField('general', 'b'), savedName: 'name', name: 'name' },
        { ...newField('general', 'c'), name: 'added' },
        { ...newField('general', 'd'), savedName: 'half', name: '' },
      ],
    };
    expect(renamesOf(state)).toEqual({ phone: 'mobile' });
  });
});
