import type { Field, Form } from '../../schemas/form/field';

const OPTIONS = [1, 2, 3, 4, 5].map((value) => ({ label: `Option ${value}`, value }));

/** One field of each common kind, in turn. */
function fieldAt(index: number): Field {
  const name = `f${index}`;
  const label = `Field ${index}`;
  switch (index % 8) {
    case 0:
      return { name, label, type: 'text', validation: 'required|max:191', description: 'A required text.' };
    case 1:
      return { name, label, type: 'email', validation: 'email' };
    case 2:
      return { name, label, type: 'number', validation: 'min:0' };
    case 3:
      return { name, label, type: 'select', options: OPTIONS };
    case 4:
      return { name, label, type: 'textarea', validation: 'max:2000' };
    case 5:
      return { name, label, type: 'checkbox' };
    case 6:
      return { name, label, type: 'date' };
    default:
      return { name, label, type: 'text' };
  }
}

/** A generated form: a main field and one tab of `count - 1` fields of mixed types (60 fields in all by default). */
export function generateForm(count = 60): Form {
  return {
    main: { name: 'name', label: 'Name', type: 'text', validation: 'required' },
    tabs: { general: { label: 'General', fields: Array.from({ length: count - 1 }, (_, index) => fieldAt(index)) } },
  };
}
