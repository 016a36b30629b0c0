import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type Konva from 'konva';
import { assertInsideFloor, CoordsError, mapScale, parseCoords, type SpaceAnswer } from '../../schemas/floor';
import { showSnackbar } from '../../engine/notices';
import { askConfirm, openPopup, PopupDismissed } from '../../engine/popups';
import { useCan } from '../../engine/session';
import { dragCoords, type DrawDrag } from './drawing';
import { createSpace, deleteLayer, fetchFloor, floorQueryKey, uploadFloorImage } from './floorApi';
import { DEFAULT_BACKGROUND, FloorMap } from './FloorMap';
import { FloorTable } from './FloorTable';
import { FloorToolbar, isFloorImageFile, layerOptionCount, type FloorView } from './FloorToolbar';
import { LayoutEditorPopup, type LayoutEditorProps, type LayoutEditorResult } from './LayoutEditorPopup';
import { NewLayerPopup } from './NewLayerPopup';
import { printMap } from './printMap';
import { SpaceDetailsPopup, type SpaceDetailsProps, type SpaceDetailsResult } from './SpaceDetailsPopup';
import { useAvailableWidth } from './useAvailableWidth';
import { useFormatPrice } from './useFormatPrice';

/** Spec 02 §4: reloads happen 500 ms after upload, layer create and layer delete. */
export const FLOOR_RELOAD_DELAY = 500;

export interface FloorLayoutProps {
  /** Popup mode (the floorlayout field, the space history): the admin toolbar is hidden. */
  popupMode?: boolean;
  /** The layer shown first; 0 is the default layer. */
  initialLayer?: number;
  /** Opens this space's details once the floor has loaded (the space history's Edit). */
  focusSpaceId?: number;
  /** My Spaces: the spaces this user rents are highlighted and listed above the map. */
  highlightUserId?: number;
}

const ignoreDismissed = (error: unknown) => {
  if (!(error instanceof PopupDismissed)) throw error;
};

/** The floor layout (spec 02 §2): map or table of the spaces of a layer, with the admin toolbar and drawing mode. */
export function FloorLayout({ popupMode = false, initialLayer = 0, focusSpaceId, highlightUserId }: FloorLayoutProps) {
  const canManage = useCan('floor.manage');
  const showToolbar = canManage && !popupMode;
  const queryClient = useQueryClient();
  const [layerId, setLayerId] = useState(initialLayer);
  const [view, setView] = useState<FloorView>('map');
  const [drawing, setDrawing] = useState<{ redrawId: number } | null>(null);
  const [drag, setDrag] = useState<DrawDrag | null>(null);
  const [busy, setBusy] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const available = useAvailableWidth(container);
  const formatPrice = useFormatPrice();
  const floor = useQuery({ queryKey: floorQueryKey(layerId), queryFn: () => fetchFloor(layerId) });

  const reload = () => queryClient.invalidateQueries({ queryKey: ['floorlayout', 'list'] });
  const reloadSoon = (nextLayer?: number) =>
    setTimeout(() => {
      if (nextLayer !== undefined) setLayerId(nextLayer);
      void reload();
    }, FLOOR_RELOAD_DELAY);

  const data = floor.data;
  const layer = data?.activeLayer;
  const backgroundWidth = layer?.layer_background.width || DEFAULT_BACKGROUND.width;
  const scale = mapScale(available, backgroundWidth);

  const stopDrawing = () => {
    setDrawing(null);
    setDrag(null);
  };

  const openSpace = async (space: SpaceAnswer) => {
    try {
      const result = await openPopup<SpaceDetailsResult, SpaceDetailsProps>(SpaceDetailsPopup, { space, canManage }, { width: 'min(48rem, 95vw)' });
      if (result === 'redraw') {
        setView('map');
        setDrawing({ redrawId: space.id });
        setDrag(null);
      } else {
        await reload();
      }
    } catch (error) {
      ignoreDismissed(error);
    }
  };

  const create = async () => {
    if (!layer || !drawing) return;
    let coords: string;
    try {
      coords = dragCoords(drag);
      // The server's rule, said before the call: the space must lie on the layer's floor.
      assertInsideFloor(parseCoords(coords), { width: backgroundWidth, height: layer.layer_background.height || DEFAULT_BACKGROUND.height });
    } catch (error) {
      if (error instanceof CoordsError) showSnackbar({ message: error.message, variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const space = await createSpace(coords, layer.id, drawing.redrawId);
      showSnackbar({ message: 'Successfully Saved', variant: 'success' });
      stopDrawing();
      await reload();
      if (drawing.redrawId === 0) void openSpace(space);
    } catch {
      // The http client showed the server's message.
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File) => {
    if (!layer) return;
    if (!isFloorImageFile(file)) {
      showSnackbar({ message: 'Please select image file', variant: 'error' });
      return;
    }
    if (!(await askConfirm('Are you sure change the current floor image?'))) return;
    setBusy(true);
    try {
      showSnackbar({ message: await uploadFloorImage(file, layer.id), variant: 'success' });
      reloadSoon();
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };

  const newLayer = async () => {
    try {
      const id = await openPopup<number>(NewLayerPopup, {}, { width: 'min(36rem, 95vw)' });
      reloadSoon(id);
    } catch (error) {
      ignoreDismissed(error);
    }
  };

  const focused = useRef(false);
  useEffect(() => {
    const space = focusSpaceId === undefined || focused.current ? undefined : data?.layout.find((candidate) => candidate.id === focusSpaceId);
    if (!space) return;
    focused.current = true;
    void openSpace(space);
  });

  const removeLayer = async () => {
    if (!data || !layer) return;
    if (layerOptionCount(data.layers) < 3 || layer.is_default) {
      showSnackbar({ message: 'You Can Not Delete Default Layer', variant: 'error' });
      return;
    }
    if (!(await askConfirm(`Are you sure you want to delete the layer "${layer.layer_name}"?`))) return;
    setBusy(true);
    try {
      showSnackbar({ message: await deleteLayer(layer.id), variant: 'success' });
      reloadSoon(0);
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };

  const editLayout = async () => {
    if (!layer) return;
    try {
      const result = await openPopup<LayoutEditorResult, LayoutEditorProps>(LayoutEditorPopup, { layer, spaces: data?.layout ?? [] }, { width: '96vw' });
      if (result === 'updated') await reload();
    } catch (error) {
      ignoreDismissed(error);
    }
  };

  // Memoised: the map redraws its cached spaces whenever the highlighted set changes.
  const own = useMemo(
    () => (highlightUserId === undefined || !data ? null : data.layout.filter((space) => space.owners.some((owner) => owner.user.id === highlightUserId))),
    [data, highlightUserId],
  );
  const highlight = useMemo(() => (own ? new Set(own.map((space) => space.id)) : undefined), [own]);

  return (
    <div className="flex flex-col gap-3" data-testid="floor-layout">
      {own && (
        <p className="text-sm text-slate-700" data-testid="own-spaces">
          {own.length === 0 ? 'You rent no space on this floor.' : `Your spaces: ${own.map((space) => `#${space.floor_no}`).join(', ')}`}
        </p>
      )}
      {showToolbar && data && layer && (
        <FloorToolbar
          view={view}
          onView={setView}
          layers={data.layers}
          layerId={layer.id}
          onLayer={setLayerId}
          drawing={drawing ? (drawing.redrawId ? 'redraw' : 'new') : null}
          busy={busy}
          onPrint={() => (view === 'map' ? printMap(stage.current) : window.print())}
          onNewSpace={() => {
            setView('map');
            setDrawing({ redrawId: 0 });
            setDrag(null);
          }}
          onNewLayer={() => void newLayer()}
          onUpload={(file) => void upload(file)}
          onEditLayout={() => void editLayout()}
          onDeleteLayer={() => void removeLayer()}
          onCancelDrawing={stopDrawing}
          onCreate={() => void create()}
        />
      )}
      <div ref={container} className="min-w-0 overflow-auto">
        {floor.isPending && (
          <p className="text-sm text-slate-500" role="status">
            Loading the floor…
          </p>
        )}
        {data && layer && view === 'map' && (
          <FloorMap
            layer={layer}
            spaces={data.layout}
            scale={scale}
            stageRef={stage}
            {...(highlight ? { highlight } : {})}
            onOpenSpace={(space) => void openSpace(space)}
            drawing={drawing !== null}
            drag={drag}
            onDrag={setDrag}
          />
        )}
        {data && view === 'table' && <FloorTable spaces={data.layout} formatPrice={formatPrice} onOpenSpace={(space) => void openSpace(space)} />}
      </div>
    </div>
  );
}
