import { registerPopup } from '../../popups';
import { PosLoadingPopup } from './PosLoadingPopup';
import { ProcurementQuantityPopup } from './ProcurementQuantityPopup';
import { SelectPopup } from './SelectPopup';

/** The widget popups registered globally by name (spec 01 §2). */
export const WIDGET_POPUPS = {
  select: SelectPopup,
  'procurement-quantity': ProcurementQuantityPopup,
  'pos-loading': PosLoadingPopup,
} as const;

for (const [name, component] of Object.entries(WIDGET_POPUPS)) registerPopup(name, component);
