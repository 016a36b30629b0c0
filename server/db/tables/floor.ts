import type { Generated } from 'kysely';

/** UTC text 'YYYY-MM-DD HH:mm:ss' (see schema.ts). */
type Timestamp = string;

export interface FloorLayersTable {
  id: Generated<number>;
  layer_name: string;
  /** JSON text: {path, width, height, background, isblank} (spec 02 §3). */
  layer_background: string;
  /** JSON text: {json: FloorShape[], svg} — svg stored sanitised. */
  layer_objects: string;
  /** Stored file name of the floor image under uploads/floors, for cleanup; null without an image. */
  image_name: string | null;
  /** 1 for the one layer that cannot be deleted. */
  is_default: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FloorSpacesTable {
  id: Generated<number>;
  layer_id: number;
  /** The space's number: the store's label, unique, never given to another space (floor_space_numbers). */
  floor_no: number;
  floor_name: string;
  floor_description: string;
  floor_size: string;
  /** for_rent, pending or rented. */
  floor_status: string;
  /** 'x1,y1,x2,y2', stored normalised (top-left, bottom-right). */
  floor_coords: string;
  floor_bg_color: string;
  floor_text_color: string;
  floor_font_size: number;
  floor_font_weight: number;
  floor_rotate: number;
  border_color: string;
  border_width: number;
  /** Money, ten-thousandths. */
  floor_price: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FloorSpaceOwnersTable {
  id: Generated<number>;
  space_id: number;
  user_id: number;
  /** Money, ten-thousandths. */
  floor_price: number;
  created_at: Timestamp;
}

export interface FloorSpaceHistoryTable {
  id: Generated<number>;
  /** users.vendor_id of the vendor the entry is about. */
  vendor_id: number;
  space_date: Timestamp;
  /** Money, ten-thousandths: the sum of the prices in data. */
  total: number;
  /** JSON text: the vendor's spaces after the change (floor_no, space_size, price, space_owner_id, space_id, layer). */
  data: string;
  /** JSON text: what changed and who changed it. */
  extra: string;
}

/** Every space number ever given, and the space it was given to; rows are never deleted. */
export interface FloorSpaceNumbersTable {
  floor_no: number;
  space_id: number;
  created_at: Timestamp;
}
