import { useEffect, useReducer, useState } from 'react';
import { Image as KonvaImage, Layer, Rect, Stage } from 'react-konva';
import type Konva from 'konva';
import { type LayerAnswer, SHAPE_TYPES, shapesToSvg, type SpaceAnswer } from '../../schemas/floor';
import { showSnackbar } from '../../engine/notices';
import { askConfirm, POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES, PopupFrame, type PopupComponentProps } from '../../engine/popups';
import { toBackground } from './drawing';
import { editorReducer, initialEditorState } from './editorState';
import { saveLayerObjects } from './floorApi';
import { DEFAULT_BACKGROUND, ShapeNode, SpaceNode, useImage } from './FloorMap';
import { backgroundImageOf } from './defaultFloorImage';
import { ShapeOptions } from './ShapeOptions';
import { useIsTopPopup } from '../../engine/widgets';

export interface LayoutEditorProps {
  layer: LayerAnswer;
  /** The layer's spaces (spec 02 §2: the editor receives the layout), drawn dimmed under the objects. */
  spaces?: readonly SpaceAnswer[];
}

/** How faint the spaces are in the editor: visible to draw around, plainly not the thing being edited. */
export const EDITOR_SPACE_OPACITY = 0.35;

/** Resolves 'updated' after a save, 'closed' otherwise. */
export type LayoutEditorResult = 'updated' | 'closed';

/** The canvas zoom: the background fits about two-thirds of the window, never above 1. */
export function editorZoom(windowWidth: number, backgroundWidth: number): number {
  return Math.min(1, Math.max(0.1, (windowWidth * 2) / 3 / backgroundWidth));
}

const isTyping = (target: EventTarget | null) => target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);

/** Spec 02 §2 'Edit layout': draw text, rectangles, lines and circles over the layer's background. */
export function LayoutEditorPopup({ layer, spaces = [], popup }: PopupComponentProps<LayoutEditorProps, LayoutEditorResult>) {
  const [state, dispatch] = useReducer(editorReducer, layer.layer_objects.json, initialEditorState);
  const [saving, setSaving] = useState(false);
  const background = layer.layer_background;
  const width = background.width || DEFAULT_BACKGROUND.width;
  const height = background.height || DEFAULT_BACKGROUND.height;
  const image = useImage(backgroundImageOf(layer));
  const zoom = editorZoom(typeof window === 'undefined' ? 1440 : window.innerWidth, width);

  // Arrow keys and Delete act on the canvas only while the editor is the topmost popup (not under a confirm).
  const isTop = useIsTopPopup(popup);
  useEffect(() => {
    if (!isTop) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || !/^(Arrow(Left|Right|Up|Down)|Delete)$/.test(event.key)) return;
      event.preventDefault();
      dispatch({ kind: 'key', key: event.key });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isTop]);

  const at = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const position = event.target.getStage()?.getPointerPosition();
    return position ? toBackground(position, zoom) : null;
  };
  const onStageClick = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const point = at(event);
    if (state.placing || state.openLine !== null) {
      if (point) dispatch({ kind: 'click', ...point });
    } else if (event.target === event.target.getStage() || event.target.name() === 'editor-background') {
      dispatch({ kind: 'deselect' });
    }
  };

  const mayDiscard = async () => !state.changed || askConfirm("It's not save your change.", 'Discard your change?');
  const close = async () => {
    if (await mayDiscard()) popup.resolve('closed');
  };
  // Escape and the overlay ask too: unsaved shapes are never lost without the question.
  useEffect(() => {
    popup.guardDismiss(mayDiscard);
    return () => popup.guardDismiss(null);
  });
  const save = async () => {
    setSaving(true);
    try {
      const message = await saveLayerObjects({ svg: shapesToSvg(state.shapes), json: state.shapes, layer: layer.id });
      dispatch({ kind: 'saved' });
      showSnackbar({ message, variant: 'success' });
      popup.resolve('updated');
    } catch {
      setSaving(false);
    }
  };

  const label = SHAPE_TYPES[state.type];
  return (
    <PopupFrame
      title="Edit layout"
      onClose={() => void close()}
      footer={
        <>
          <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => void close()}>
            Close
          </button>
          <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={saving} onClick={() => void save()}>
            Save Layout
          </button>
        </>
      }
    >
      <div className="flex min-h-[60vh] gap-4">
        <div className="min-w-0 flex-1 overflow-auto">
          <div
            className="inline-block border-2 border-slate-500 align-top"
            data-testid="layout-editor-canvas"
            data-changed={state.changed ? 'true' : 'false'}
            data-spaces={spaces.length}
          >
            <Stage
              width={Math.ceil(width * zoom)}
              height={Math.ceil(height * zoom)}
              scaleX={zoom}
              scaleY={zoom}
              onClick={onStageClick}
              onTap={onStageClick}
              onMouseMove={(event) => {
                const point = state.openLine !== null ? at(event) : null;
                if (point) dispatch({ kind: 'move', ...point });
              }}
              style={{ cursor: state.placing ? 'crosshair' : 'default' }}
            >
              <Layer>
                <Rect name="editor-background" x={0} y={0} width={width} height={height} fill={background.background || DEFAULT_BACKGROUND.background} />
                {image && <KonvaImage name="editor-background" image={image} x={0} y={0} width={width} height={height} />}
              </Layer>
              {/* Under the objects and deaf to clicks: a click there is a click on the floor. */}
              <Layer listening={false} opacity={EDITOR_SPACE_OPACITY}>
                {spaces.map((space) => (
                  <SpaceNode key={space.id} space={space} />
                ))}
              </Layer>
              <Layer>
                {state.shapes.map((shape, index) => (
                  <ShapeNode
                    key={index}
                    shape={shape}
                    listening={!state.placing && state.openLine === null}
                    {...(index === state.selected ? { shadowColor: '#0ea5e9', shadowBlur: 12, shadowOpacity: 1 } : {})}
                    onClick={() => dispatch({ kind: 'select', index })}
                    onTap={() => dispatch({ kind: 'select', index })}
                  />
                ))}
              </Layer>
            </Stage>
          </div>
        </div>
        <aside className="flex w-64 shrink-0 flex-col gap-3">
          <h3 className="text-base font-semibold text-slate-800">Options</h3>
          <ShapeOptions
            type={state.type}
            typeLocked={state.selected !== null}
            onType={(type) => dispatch({ kind: 'type', type })}
            shape={state.draft}
            onChange={(shape) => dispatch({ kind: 'edit', shape })}
            actions={
              <>
                <div className="flex flex-wrap gap-2">
                  {state.placing ? (
                    <button type="button" className={POPUP_BUTTON_CLASSES} onClick={() => dispatch({ kind: 'cancel' })}>
                      Cancel
                    </button>
                  ) : (
                    <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} onClick={() => dispatch({ kind: 'new' })}>
                      New {label}
                    </button>
                  )}
                  <button
                    type="button"
                    className="rounded-md border border-rose-300 bg-white px-4 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50 disabled:opacity-50"
                    disabled={state.selected === null}
                    onClick={() => dispatch({ kind: 'delete' })}
                  >
                    Delete Object
                  </button>
                </div>
                {state.placing && <p className="text-sm text-slate-600">Click the canvas to place the {label.toLowerCase()}.</p>}
                {state.openLine !== null && <p className="text-sm text-slate-600">Click or move to set the line's second end.</p>}
              </>
            }
          />
        </aside>
      </div>
    </PopupFrame>
  );
}
