import { describe, expect, it } from 'vitest';
import { createShape } from '../../schemas/floor/shapes';
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './editorState';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);

describe('the layout editor state', () => {
  it('places a shape with the options on the click after New, selected and changed', () => {
    const state = run(initialEditorState([]), { kind: 'type', type: 'rect' }, { kind: 'new' }, { kind: 'click', x: 40, y: 30 });
    expect(state.shapes).toEqual([createShape('rect', { x: 40, y: 30 })]);
    expect(state.selected).toBe(0);
    expect(state.changed).toBe(true);
    expect(state.placing).toBe(false);
  });

  it('ends a line by the next move and click', () => {
    const state = run(initialEditorState([]), { kind: 'type', type: 'line' }, { kind: 'new' }, { kind: 'click', x: 10, y: 10 }, { kind: 'move', x: 90, y: 20 });
    expect(state.openLine).toBe(0);
    const done = editorReducer(state, { kind: 'click', x: 90, y: 20 });
    expect(done.shapes[0]).toMatchObject({ type: 'line', x: 10, y: 10, x1: 90, y1: 20 });
    expect(done.openLine).toBeNull();
  });

  it('loads the selection into the options and resets them on deselect', () => {
    const circle = createShape('circle', { x: 5, y: 6, radius: 9 });
    const selected = run(initialEditorState([circle]), { kind: 'select', index: 0 });
    expect(selected.draft).toEqual(circle);
    expect(selected.type).toBe('circle');
    expect(editorReducer(selected, { kind: 'deselect' }).draft).toEqual(createShape('circle'));
  });

  it('moves the selection 2 px with arrow keys and removes it with Delete', () => {
    const state = run(
      initialEditorState([createShape('text', { x: 10, y: 10 })]),
      { kind: 'select', index: 0 },
      { kind: 'key', key: 'ArrowRight' },
      { kind: 'key', key: 'ArrowUp' },
    );
    expect(state.shapes[0]).toMatchObject({ x: 12, y: 8 });
    expect(state.changed).toBe(true);
    expect(editorReducer(state, { kind: 'key', key: 'Delete' }).shapes).toEqual([]);
  });

  it('applies option edits to the selected shape only', () => {
    const state = run(initialEditorState([createShape('rect')]), { kind: 'select', index: 0 });
    const edited = editorReducer(state, { kind: 'edit', shape: { ...createShape('rect'), w: 300 } });
    expect(edited.shapes[0]).toMatchObject({ w: 300 });
    const unselected = editorReducer(initialEditorState([]), { kind: 'edit', shape: createShape('text', { font_size: 12 }) });
    expect(unselected.changed).toBe(false);
  });
});
