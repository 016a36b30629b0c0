export { RichTextEditor, RICH_TEXT_MIN_HEIGHT, type RichTextEditorProps } from './RichTextEditor';
export { RichTextToolbar } from './RichTextToolbar';
