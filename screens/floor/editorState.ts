import { ARROW_KEY_STEP, createShape, type FloorShape, moveShape, type ShapeType } from '../../schemas/floor';

/** The layout editor's state (spec 02 §4 floor editor). */
export interface EditorState {
  shapes: FloorShape[];
  /** The options panel's type and values: the selected shape's, or the defaults of the type. */
  type: ShapeType;
  draft: FloorShape;
  selected: number | null;
  /** New pressed: the next click places a shape. */
  placing: boolean;
  /** A line placed whose second end follows the mouse until the next click. */
  openLine: number | null;
  changed: boolean;
}

export type EditorAction =
  | { kind: 'type'; type: ShapeType }
  | { kind: 'new' }
  | { kind: 'cancel' }
  | { kind: 'click'; x: number; y: number }
  | { kind: 'move'; x: number; y: number }
  | { kind: 'select'; index: number }
  | { kind: 'deselect' }
  | { kind: 'edit'; shape: FloorShape }
  | { kind: 'key'; key: string }
  | { kind: 'delete' }
  | { kind: 'saved' };

export function initialEditorState(shapes: readonly FloorShape[]): EditorState {
  return { shapes: [...shapes], type: 'text', draft: createShape('text'), selected: null, placing: false, openLine: null, changed: false };
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-ARROW_KEY_STEP, 0],
  ArrowRight: [ARROW_KEY_STEP, 0],
  ArrowUp: [0, -ARROW_KEY_STEP],
  ArrowDown: [0, ARROW_KEY_STEP],
};

function replaceAt(shapes: FloorShape[], index: number, shape: FloorShape): FloorShape[] {
  return shapes.map((current, at) => (at === index ? shape : current));
}

function removeSelected(state: EditorState): EditorState {
  if (state.selected === null) return state;
  const shapes = state.shapes.filter((_shape, at) => at !== state.selected);
  return { ...state, shapes, selected: null, openLine: null, draft: createShape(state.type), changed: true };
}

/** Every transition of the editor; pure, so the component only renders it. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.kind) {
    case 'type':
      return state.selected === null ? { ...state, type: action.type, draft: createShape(action.type) } : state;
    case 'new':
      return { ...state, placing: true, selected: null, openLine: null, draft: { ...state.draft } };
    case 'cancel':
      return { ...state, placing: false };
    case 'click': {
      if (state.openLine !== null) return { ...state, openLine: null, selected: state.openLine };
      if (!state.placing) return state;
      const shape: FloorShape =
        state.draft.type === 'line' ? { ...state.draft, x: action.x, y: action.y, x1: action.x, y1: action.y } : { ...state.draft, x: action.x, y: action.y };
      const index = state.shapes.length;
      const openLine = shape.type === 'line' ? index : null;
      return { ...state, shapes: [...state.shapes, shape], placing: false, openLine, selected: openLine === null ? index : null, draft: shape, changed: true };
    }
    case 'move': {
      if (state.openLine === null) return state;
      const line = state.shapes[state.openLine];
      if (!line || line.type !== 'line') return state;
      const moved = { ...line, x1: action.x, y1: action.y };
      return { ...state, shapes: replaceAt(state.shapes, state.openLine, moved), draft: moved };
    }
    case 'select': {
      const shape = state.shapes[action.index];
      if (!shape || state.placing || state.openLine !== null) return state;
      return { ...state, selected: action.index, type: shape.type, draft: shape };
    }
    case 'deselect':
      return state.placing || state.openLine !== null ? state : { ...state, selected: null, draft: createShape(state.type) };
    case 'edit':
      if (state.selected === null) return { ...state, draft: action.shape };
      return { ...state, draft: action.shape, shapes: replaceAt(state.shapes, state.selected, action.shape), changed: true };
    case 'key': {
      if (state.selected === null) return state;
      if (action.key === 'Delete') return removeSelected(state);
      const step = ARROWS[action.key];
      const shape = state.shapes[state.selected];
      if (!step || !shape) return state;
      const moved = moveShape(shape, step[0], step[1]);
      return { ...state, shapes: replaceAt(state.shapes, state.selected, moved), draft: moved, changed: true };
    }
    case 'delete':
      return removeSelected(state);
    case 'saved':
      return { ...state, changed: false };
  }
}
