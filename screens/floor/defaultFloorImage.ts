import type { LayerAnswer } from '../../schemas/floor';
import defaultFloorImage from './default-floor.svg';

/** Spec 02 §9: the default floor shows a default image (light floor tiles over its colour) until one is uploaded. */
export const DEFAULT_FLOOR_IMAGE: string = defaultFloorImage;

/** The picture under a layer's spaces: its uploaded image, else the default image on the default layer, else none. */
export function backgroundImageOf(layer: Pick<LayerAnswer, 'is_default' | 'layer_background'>): string {
  return layer.layer_background.path || (layer.is_default ? DEFAULT_FLOOR_IMAGE : '');
}
