import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { RichTextToolbar } from './RichTextToolbar';
import { RICH_TEXT_MIN_HEIGHT } from './richTextHeight';

export interface RichTextEditorProps {
  id?: string;
  /** HTML; the server sanitises what it stores. */
  value: string;
  onChange: (html: string) => void;
  uploadImage: (file: File) => Promise<string>;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
}

const EMPTY_DOCUMENT = '<p></p>';

/** A TipTap editor with a small toolbar, emitting HTML ('' when empty). */
export function RichTextEditor({ id, value, onChange, uploadImage, disabled = false, invalid, describedBy, label }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } }), Image],
    content: value || '',
    editable: !disabled,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        ...(label ? { 'aria-label': label } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class:
          'text-sm px-3 py-2 [&_p]:my-1 focus:outline-none [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-brand-700 [&_a]:underline [&_img]:max-w-full',
        style: `min-height: ${RICH_TEXT_MIN_HEIGHT - 40}px`,
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      onChange(html === EMPTY_DOCUMENT ? '' : html);
    },
  });

  // A value replaced from outside (form reset, reload) replaces the document.
  useEffect(() => {
    if (!editor) return;
    const current = editor.getHTML();
    if ((value || '') !== (current === EMPTY_DOCUMENT ? '' : current)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <div
      data-rich-text=""
      className={`flex flex-col overflow-hidden rounded-md border bg-white shadow-sm ${invalid ? 'border-rose-500' : 'border-slate-300'} ${disabled ? 'bg-slate-100' : ''}`}
      style={{ minHeight: RICH_TEXT_MIN_HEIGHT }}
    >
      {editor && !disabled && <RichTextToolbar editor={editor} uploadImage={uploadImage} />}
      <EditorContent editor={editor} className="flex-1 cursor-text" onClick={() => editor?.commands.focus()} />
    </div>
  );
}
