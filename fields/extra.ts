/** Registers the field types of issue 4 (pickers, rich text, documents, media); fields/index.ts imports it. */
import './datetimepicker';
import './daterangepicker';
import './ckeditor';
import './document';
import './media';

export { DateTimePickerField } from './datetimepicker';
export { DateRangePickerField } from './daterangepicker';
export { CkeditorField } from './ckeditor';
export { DocumentField } from './document';
export { MediaField } from './media';
