/**
 * Registers the picker, rich text, document and media field types; fields/index.ts imports it. Each loads
 * on first render: their calendars, editor and upload code stay out of the first script.
 */
import { registerField } from '../engine/fields';
import { lazyNamed } from '../engine/lazy';

registerField(
  'datetimepicker',
  lazyNamed(() => import('./datetimepicker'), 'DateTimePickerField'),
);
registerField(
  'daterangepicker',
  lazyNamed(() => import('./daterangepicker'), 'DateRangePickerField'),
);
registerField(
  'ckeditor',
  lazyNamed(() => import('./ckeditor'), 'CkeditorField'),
);
registerField(
  'document',
  lazyNamed(() => import('./document'), 'DocumentField'),
);
registerField(
  'media',
  lazyNamed(() => import('./media'), 'MediaField'),
);
