/** Spec 02 §3 blank layer: the floor's edge, 1 to 5 px or none, in one of the CSS border types. */
export const LAYER_BORDER_TYPES = ['dotted', 'dashed', 'solid', 'double', 'groove', 'ridge', 'inset', 'outset'] as const;
export type LayerBorderType = (typeof LAYER_BORDER_TYPES)[number];
/** 0 is "none". */
export const LAYER_BORDER_WIDTHS = [0, 1, 2, 3, 4, 5] as const;

export interface LayerBorder {
  is_border: number;
  border_type: LayerBorderType;
  border_color: string;
}

/** What a layer saved before the border was stored shows: no border. */
export const NO_LAYER_BORDER: LayerBorder = { is_border: 0, border_type: 'solid', border_color: '#000000' };

/** The CSS border of the map for a layer's border (none when its width is 0). */
export function layerBorderCss(border: LayerBorder): string {
  return border.is_border > 0 ? `${border.is_border}px ${border.border_type} ${border.border_color}` : 'none';
}
