import * as Popover from '@radix-ui/react-popover';
import type { Editor } from '@tiptap/core';
import { useRef, useState, type ReactNode } from 'react';
import { ImageIcon, LinkIcon } from '../icons';
import { hasExtension } from '../../../schemas/uploadSelection';
import { IMAGE_EXTENSIONS } from '../../../schemas/uploads';

export interface RichTextToolbarProps {
  editor: Editor;
  /** Stores an image and answers its URL (the announcement upload endpoint). */
  uploadImage: (file: File) => Promise<string>;
}

function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`min-w-8 rounded px-2 py-1 text-sm ${active ? 'bg-slate-200 text-slate-900' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {children}
    </button>
  );
}

function LinkButton({ editor }: { editor: Editor }) {
  const [href, setHref] = useState('');
  return (
    <Popover.Root onOpenChange={(open) => open && setHref(String(editor.getAttributes('link').href ?? ''))}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label="Link"
          title="Link"
          aria-pressed={editor.isActive('link')}
          className={`min-w-8 rounded px-2 py-1 text-sm ${editor.isActive('link') ? 'bg-slate-200' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          <LinkIcon />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-50 flex items-center gap-2 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
          <input
            type="url"
            aria-label="Link URL"
            placeholder="https://"
            value={href}
            onChange={(event) => setHref(event.target.value)}
            className="w-64 rounded border border-slate-300 px-2 py-1 text-sm"
          />
          <Popover.Close asChild>
            <button
              type="button"
              className="rounded bg-brand-600 px-2 py-1 text-sm text-white"
              onClick={() => {
                const chain = editor.chain().focus().extendMarkRange('link');
                if (href.trim() === '') chain.unsetLink().run();
                else chain.setLink({ href: href.trim() }).run();
              }}
            >
              Apply
            </button>
          </Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The editor's small toolbar: bold, italic, headings, lists, link, image. */
export function RichTextToolbar({ editor, uploadImage }: RichTextToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();
  const insertImage = async (file: File | undefined) => {
    if (!file || !hasExtension(file.name, IMAGE_EXTENSIONS)) return;
    try {
      const src = await uploadImage(file);
      editor.chain().focus().setImage({ src, alt: file.name }).run();
    } catch {
      // The http client already showed the server's message.
    }
  };
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1 py-1">
      <ToolButton label="Bold" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label="Italic" active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
        <em>I</em>
      </ToolButton>
      <ToolButton label="Heading 2" active={editor.isActive('heading', { level: 2 })} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label="Heading 3" active={editor.isActive('heading', { level: 3 })} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton label="Bullet list" active={editor.isActive('bulletList')} onClick={() => chain().toggleBulletList().run()}>
        •
      </ToolButton>
      <ToolButton label="Numbered list" active={editor.isActive('orderedList')} onClick={() => chain().toggleOrderedList().run()}>
        1.
      </ToolButton>
      <LinkButton editor={editor} />
      <ToolButton label="Image" onClick={() => fileInput.current?.click()}>
        <ImageIcon />
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={IMAGE_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
        onChange={(event) => {
          void insertImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}
