import { Suspense } from 'react';
import { lazyNamed } from '../../lazy';
import type { RichTextEditorProps } from './RichTextEditor';
import { RICH_TEXT_MIN_HEIGHT } from './richTextHeight';

const Editor = lazyNamed(() => import('./RichTextEditor'), 'RichTextEditor');

/**
 * The rich-text editor as the engine exports it: TipTap and ProseMirror (about a fifth of the whole
 * client) load the first time an editor shows, in an empty frame of the editor's height meanwhile.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div aria-busy="true" className="rounded-md border border-slate-300 bg-white shadow-sm" style={{ minHeight: RICH_TEXT_MIN_HEIGHT }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
