import { useEffect, useMemo, useRef, useState } from 'react';
import { Circle, Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import type Konva from 'konva';
import {
  fitLabelFontSize,
  type FloorShape,
  type LayerAnswer,
  layerBorderCss,
  NO_LAYER_BORDER,
  parseCoords,
  shapeToKonva,
  type SpaceAnswer,
  spaceLabel,
} from '../../schemas/floor';
import { labelMeasure } from './labelMeasure';
import { backgroundImageOf } from './defaultFloorImage';
import { useDebouncedValue } from '../../engine/crud';
import { dragRect, toBackground, type DrawDrag } from './drawing';

export const DEFAULT_BACKGROUND = { width: 1440, height: 800, background: '#ffffff' } as const;
/** Floor pixels kept around the spaces' cached bitmap. */
const CACHE_MARGIN = 4;
/** Spec 02 §2: the drawn rectangle's preview follows the mouse after 100 ms of rest. */
export const DRAW_PREVIEW_DEBOUNCE_MS = 100;

/** Loads an image for Konva; null until loaded (or when there is none). */
export function useImage(src: string): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!src) return;
    const element = new window.Image();
    element.onload = () => setImage(element);
    element.src = src;
    return () => {
      element.onload = null;
    };
  }, [src]);
  return image;
}

/** One of the layer's drawn objects as a Konva node (shapeToKonva gives the attributes). */
export function ShapeNode({ shape, ...events }: { shape: FloorShape } & Partial<Konva.ShapeConfig> & { onClick?: () => void; onTap?: () => void }) {
  const { className, attrs } = shapeToKonva(shape);
  const props = { ...attrs, ...events } as Record<string, unknown>;
  if (className === 'Text') return <Text {...(props as Konva.TextConfig)} />;
  if (className === 'Rect') return <Rect {...(props as Konva.RectConfig)} />;
  if (className === 'Line') return <Line {...(props as Konva.LineConfig)} />;
  return <Circle {...(props as Konva.CircleConfig)} />;
}

/** Room between a space's edge and its label, in floor pixels. */
export const LABEL_PADDING = 6;

/** How a highlighted space (a vendor's own, under My Spaces) stands out from the others. */
const HIGHLIGHT = { fill: 'rgba(251,191,36,0.55)', stroke: '#b45309' } as const;

/** A space's rectangle with its label; rotation turns the label (spec 02 §9). */
export function SpaceNode({
  space,
  onOpen,
  highlighted = false,
  ...look
}: { space: SpaceAnswer; onOpen?: (space: SpaceAnswer) => void; highlighted?: boolean } & Pick<Konva.GroupConfig, 'opacity' | 'listening'>) {
  const rect = useMemo(() => {
    try {
      return parseCoords(space.floor_coords);
    } catch {
      return null;
    }
  }, [space.floor_coords]);
  const vertical = space.floor_rotate % 180 !== 0;
  const boxWidth = rect ? (vertical ? rect.height : rect.width) : 0;
  const boxHeight = rect ? (vertical ? rect.width : rect.height) : 0;
  const text = `#${space.floor_no}\n${spaceLabel(space)}`;
  // The label shrinks (never grows) until whole words fit inside the rectangle's padding.
  const fontSize = useMemo(
    () =>
      fitLabelFontSize(
        text,
        { width: boxWidth - 2 * LABEL_PADDING, height: boxHeight - 2 * LABEL_PADDING },
        space.floor_font_size,
        labelMeasure(space.floor_font_weight),
      ),
    [text, boxWidth, boxHeight, space.floor_font_size, space.floor_font_weight],
  );
  if (!rect) return null;
  const open = onOpen ? () => onOpen(space) : undefined;
  return (
    <Group name={`space-${space.floor_no}`} onClick={open} onTap={open} {...look}>
      <Rect
        x={rect.x}
        y={rect.y}
        width={rect.width}
        height={rect.height}
        fill={highlighted ? HIGHLIGHT.fill : space.floor_bg_color || 'rgba(14,165,233,0.25)'}
        stroke={highlighted ? HIGHLIGHT.stroke : space.border_color || '#0f172a'}
        strokeWidth={highlighted ? Math.max(4, space.border_width * 2) : space.border_width}
        perfectDrawEnabled={false}
      />
      <Text
        x={rect.centerX}
        y={rect.centerY}
        offsetX={boxWidth / 2}
        offsetY={boxHeight / 2}
        width={boxWidth}
        height={boxHeight}
        rotation={space.floor_rotate}
        align="center"
        verticalAlign="middle"
        listening={false}
        wrap="word"
        padding={LABEL_PADDING}
        name="space-label"
        text={text}
        fill={space.floor_text_color || '#0f172a'}
        perfectDrawEnabled={false}
        fontSize={fontSize}
        fontStyle={String(space.floor_font_weight)}
      />
    </Group>
  );
}

/** The floor's size, grown to hold every space (a space saved off the floor is never cut off). */
export function floorExtent(floor: { width: number; height: number }, spaces: readonly SpaceAnswer[]): { width: number; height: number } {
  let { width, height } = floor;
  for (const space of spaces) {
    try {
      const rect = parseCoords(space.floor_coords);
      width = Math.max(width, rect.x + rect.width);
      height = Math.max(height, rect.y + rect.height);
    } catch {
      // A malformed space is not drawn.
    }
  }
  return { width, height };
}

interface FloorMapProps {
  layer: LayerAnswer;
  spaces: readonly SpaceAnswer[];
  scale: number;
  onOpenSpace?: (space: SpaceAnswer) => void;
  /** Drawing mode: mouse down starts a rectangle, move resizes, release ends. */
  drawing?: boolean;
  drag?: DrawDrag | null;
  onDrag?: (drag: DrawDrag | null) => void;
  stageRef?: React.Ref<Konva.Stage>;
  /** Ids of the spaces to highlight (a vendor's own under My Spaces). */
  highlight?: ReadonlySet<number>;
}

/** The floor map (spec 02 §2): background image or colour, drawn objects, spaces, and the rectangle being drawn. */
export function FloorMap({ layer, spaces, scale, onOpenSpace, drawing = false, drag = null, onDrag, stageRef, highlight }: FloorMapProps) {
  const background = layer.layer_background;
  const floorWidth = background.width || DEFAULT_BACKGROUND.width;
  const floorHeight = background.height || DEFAULT_BACKGROUND.height;
  // Spaces saved before the floor shrank (a smaller image uploaded) still show: the stage grows to hold them.
  const { width, height } = useMemo(() => floorExtent({ width: floorWidth, height: floorHeight }, spaces), [floorWidth, floorHeight, spaces]);
  const image = useImage(backgroundImageOf(layer));
  const [pressed, setPressed] = useState(false);
  const preview = dragRect(useDebouncedValue(drag, DRAW_PREVIEW_DEBOUNCE_MS));
  const spacesGroup = useRef<Konva.Group>(null);
  // The spaces are drawn once into a bitmap (hit regions included), so moving or redrawing the
  // stage does not re-render thousands of labels; redrawn when the spaces or the scale change.
  useEffect(() => {
    const group = spacesGroup.current;
    if (!group || spaces.length === 0) return;
    // Konva caches at the group's own (unscaled) size: scale the bitmaps to the map's displayed pixels.
    // The offset keeps the outermost strokes: the bitmap's size in whole pixels at this scale may round them off.
    group.cache({ pixelRatio: scale * (window.devicePixelRatio || 1), hitCanvasPixelRatio: scale, offset: CACHE_MARGIN });
    return () => {
      group.clearCache();
    };
  }, [spaces, scale, highlight]);

  const pointer = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const position = event.target.getStage()?.getPointerPosition();
    return position ? toBackground(position, scale) : null;
  };
  const down = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const at = drawing ? pointer(event) : null;
    if (!at) return;
    setPressed(true);
    onDrag?.({ startX: at.x, startY: at.y, endX: at.x, endY: at.y });
  };
  const move = (event: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const at = drawing && pressed && drag ? pointer(event) : null;
    if (at && drag) onDrag?.({ ...drag, endX: at.x, endY: at.y });
  };

  return (
    <div data-testid="floor-map" data-drawing={drawing ? 'true' : 'false'} className="inline-block align-top">
      <Stage
        style={{ cursor: drawing ? 'crosshair' : 'default', border: layerBorderCss({ ...NO_LAYER_BORDER, ...background }) }}
        ref={stageRef}
        width={Math.ceil(width * scale)}
        height={Math.ceil(height * scale)}
        scaleX={scale}
        scaleY={scale}
        onMouseDown={down}
        onTouchStart={down}
        onMouseMove={move}
        onTouchMove={move}
        onMouseUp={() => setPressed(false)}
        onTouchEnd={() => setPressed(false)}
      >
        <Layer listening={drawing}>
          <Rect x={0} y={0} width={width} height={height} fill={background.background || DEFAULT_BACKGROUND.background} />
          {image && <KonvaImage image={image} x={0} y={0} width={floorWidth} height={floorHeight} />}
          {layer.layer_objects.json.map((shape, index) => (
            <ShapeNode key={index} shape={shape} listening={false} />
          ))}
        </Layer>
        <Layer listening={!drawing}>
          <Group ref={spacesGroup}>
            {spaces.map((space) => (
              <SpaceNode key={space.id} space={space} highlighted={highlight?.has(space.id) ?? false} {...(onOpenSpace ? { onOpen: onOpenSpace } : {})} />
            ))}
          </Group>
        </Layer>
        {drawing && (
          <Layer listening={false}>
            {preview && (
              <Rect
                x={preview.x}
                y={preview.y}
                width={preview.width}
                height={preview.height}
                stroke="#e11d48"
                strokeWidth={2 / scale}
                dash={[8, 4]}
                fill="rgba(225,29,72,0.1)"
              />
            )}
          </Layer>
        )}
      </Stage>
      <ul className="sr-only" aria-label="Spaces on the map">
        {spaces.map((space) => (
          <li key={space.id}>
            <button type="button" data-space={space.floor_no} disabled={!onOpenSpace || drawing} onClick={() => onOpenSpace?.(space)}>
              {`Space #${space.floor_no}: ${spaceLabel(space)}`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
