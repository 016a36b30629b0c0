import type { ChangeEvent } from 'react';
import { INPUT_CLASSES } from '../../engine/fields';
import { POPUP_BUTTON_CLASSES, POPUP_PRIMARY_BUTTON_CLASSES } from '../../engine/popups';

export type FloorView = 'map' | 'table';

interface FloorToolbarProps {
  view: FloorView;
  onView: (view: FloorView) => void;
  layers: ReadonlyArray<{ id: number; layer_name: string }>;
  layerId: number;
  onLayer: (id: number) => void;
  /** Drawing mode: only Cancel and Create (Update Coords when redrawing). */
  drawing: 'new' | 'redraw' | null;
  busy: boolean;
  onPrint: () => void;
  onNewSpace: () => void;
  onNewLayer: () => void;
  onUpload: (file: File) => void;
  onEditLayout: () => void;
  onDeleteLayer: () => void;
  onCancelDrawing: () => void;
  onCreate: () => void;
}

/** The floor screen's admin toolbar (spec 02 §2). */
export function FloorToolbar(props: FloorToolbarProps) {
  const { view, drawing, busy } = props;
  if (drawing) {
    return (
      <div role="toolbar" aria-label="Floor drawing" className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-600">Draw the space area on the map.</span>
        <button type="button" className={POPUP_BUTTON_CLASSES} onClick={props.onCancelDrawing}>
          Cancel
        </button>
        <button type="button" className={POPUP_PRIMARY_BUTTON_CLASSES} disabled={busy} onClick={props.onCreate}>
          {drawing === 'redraw' ? 'Update Coords' : 'Create'}
        </button>
      </div>
    );
  }
  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) props.onUpload(file);
  };
  return (
    <div role="toolbar" aria-label="Floor layout" className="flex flex-wrap items-center gap-2">
      <div className="flex overflow-hidden rounded-md border border-slate-300" role="group" aria-label="View">
        {(['map', 'table'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => props.onView(option)}
            className={`px-3 py-2 text-sm ${view === option ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50'}`}
          >
            {option === 'map' ? 'Map View' : 'Table View'}
          </button>
        ))}
      </div>
      <select aria-label="Layer" className={`${INPUT_CLASSES} w-auto`} value={props.layerId} onChange={(event) => props.onLayer(Number(event.target.value))}>
        <option value={-1} disabled>
          Select Layer
        </option>
        {props.layers.map((layer) => (
          <option key={layer.id} value={layer.id}>
            {layer.layer_name}
          </option>
        ))}
      </select>
      <button type="button" className={POPUP_BUTTON_CLASSES} onClick={props.onPrint}>
        Print
      </button>
      <button type="button" className={POPUP_BUTTON_CLASSES} disabled={busy} onClick={props.onNewSpace}>
        New Space
      </button>
      <button type="button" className={POPUP_BUTTON_CLASSES} disabled={busy} onClick={props.onNewLayer}>
        New Layer
      </button>
      <label className={`${POPUP_BUTTON_CLASSES} cursor-pointer`}>
        Upload Floor Image
        <input type="file" className="sr-only" accept=".png,.gif,.jpg,.jpeg,image/png,image/gif,image/jpeg" disabled={busy} onChange={upload} />
      </label>
      <button type="button" className={POPUP_BUTTON_CLASSES} disabled={busy} onClick={props.onEditLayout}>
        Edit Layout
      </button>
      <button
        type="button"
        className="rounded-md border border-rose-300 bg-white px-4 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50"
        disabled={busy}
        onClick={props.onDeleteLayer}
      >
        Delete Layer
      </button>
    </div>
  );
}

/** The layer select's options: a placeholder plus every layer (spec 02 §5 counts them). */
export const layerOptionCount = (layers: readonly unknown[]) => layers.length + 1;

const IMAGE_FILE = /\.(png|gif|jpe?g)$/i;
/** Spec 02 §5: only png, gif, jpg, jpeg. */
export const isFloorImageFile = (file: { name: string; type: string }) =>
  IMAGE_FILE.test(file.name) && /^image\/(png|gif|jpeg)$/.test(file.type || 'image/png');
