// The editor loads on first render: importing this folder never brings TipTap into a script.
export { RichTextEditor } from './LazyRichTextEditor';
export { RICH_TEXT_MIN_HEIGHT } from './richTextHeight';
export type { RichTextEditorProps } from './RichTextEditor';
