/**
 * The page bench/floor-map.ts loads in Chromium: the floor map (screens/floor/FloorMap, react-konva)
 * with a generated layer of many spaces. It times the first paint and the frame rate while panning
 * (the stage moved every frame, every space redrawn).
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createRef } from 'react';
import type Konva from 'konva';
import type { LayerAnswer, SpaceAnswer } from '../../schemas/floor/answers';
import { mapScale } from '../../schemas/floor/scale';
import { FloorMap } from '../../screens/floor/FloorMap';

const COLUMNS = 50;
const CELL = { width: 70, height: 50 };

function generateFloor(count: number): { layer: LayerAnswer; spaces: SpaceAnswer[] } {
  const rows = Math.ceil(count / COLUMNS);
  const spaces = Array.from({ length: count }, (_unused, index): SpaceAnswer => {
    const x = (index % COLUMNS) * CELL.width + 5;
    const y = Math.floor(index / COLUMNS) * CELL.height + 5;
    return {
      id: index + 1,
      floor_no: index + 1,
      layer_id: 1,
      floor_name: '',
      floor_description: '',
      floor_size: '10x10',
      floor_status: index % 3 === 0 ? 'pending' : index % 3 === 1 ? 'for_rent' : 'rented',
      floor_coords: `${x},${y},${x + 60},${y + 40}`,
      floor_bg_color: '#bbf7d0',
      floor_text_color: '#0f172a',
      floor_font_size: 9,
      floor_font_weight: 700,
      floor_rotate: 0,
      border_color: '#334155',
      border_width: 1,
      floor_price: 100,
      owners: index % 3 === 2 ? [{ id: index, user: { id: 1000 + (index % 40), username: `vendor${index % 40}` }, floor_price: 100 }] : [],
    };
  });
  const layer: LayerAnswer = {
    id: 1,
    layer_name: 'Bench',
    is_default: true,
    layer_background: { path: '', width: COLUMNS * CELL.width, height: rows * CELL.height, background: '#ffffff', isblank: true },
    layer_objects: { json: [], svg: '' },
  };
  return { layer, spaces };
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

async function firstPaint(count: number): Promise<number> {
  const { layer, spaces } = generateFloor(count);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const start = performance.now();
  flushSync(() => root.render(<FloorMap layer={layer} spaces={spaces} scale={mapScale(1440, layer.layer_background.width)} onOpenSpace={() => undefined} />));
  await nextFrame();
  await nextFrame();
  const elapsed = performance.now() - start;
  root.unmount();
  host.remove();
  return elapsed;
}

/** Pans the map for `ms`, moving the stage every frame; answers the frames per second. */
async function panFps(count: number, ms: number): Promise<number> {
  const { layer, spaces } = generateFloor(count);
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const stage = createRef<Konva.Stage>();
  flushSync(() =>
    root.render(<FloorMap layer={layer} spaces={spaces} scale={mapScale(1440, layer.layer_background.width)} stageRef={stage} onOpenSpace={() => undefined} />),
  );
  await nextFrame();
  let frames = 0;
  const start = await nextFrame();
  let now = start;
  while (now - start < ms) {
    const t = (now - start) / 1000;
    stage.current?.position({ x: Math.sin(t * 2) * 200, y: Math.cos(t * 2) * 100 });
    stage.current?.draw();
    now = await nextFrame();
    frames += 1;
  }
  root.unmount();
  host.remove();
  return (frames * 1000) / (now - start);
}

declare global {
  interface Window {
    floorMapBench: { firstPaint: typeof firstPaint; panFps: typeof panFps };
  }
}

window.floorMapBench = { firstPaint, panFps };
