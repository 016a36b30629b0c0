/** The floor area: layout screen, map, table, popups, and the floorlayout and spacehistory field renderers. */
export { registerFloor } from './register';
export { FloorLayoutPage } from './FloorLayoutPage';
export { MySpacesPage } from './MySpacesPage';
export { FloorLayoutField } from './floorLayoutField';
export { SpaceHistoryField, historyVendorId } from './spaceHistoryField';
export { FloorLayout, FLOOR_RELOAD_DELAY, type FloorLayoutProps } from './FloorLayout';
export { FloorLayoutPopup, type FloorLayoutPopupProps } from './FloorLayoutPopup';
export { FloorMap, SpaceNode, ShapeNode, DEFAULT_BACKGROUND } from './FloorMap';
export { FloorTable } from './FloorTable';
export { LayoutEditorPopup, editorZoom, type LayoutEditorProps, type LayoutEditorResult } from './LayoutEditorPopup';
export { NewLayerPopup, newLayerProblem } from './NewLayerPopup';
export { SpaceDetailsPopup, type SpaceDetailsProps, type SpaceDetailsResult } from './SpaceDetailsPopup';
export { SpaceHistoryPopup, EMPTY_HISTORY_MESSAGE, type SpaceHistoryProps } from './SpaceHistoryPopup';
export { TextPopup, TEXT_REQUIRED_MESSAGE, type TextPopupProps, type TextPopupResult } from './TextPopup';
export { floorTableRows, type FloorTableRow } from './tableRows';
export { editorReducer, initialEditorState, type EditorAction, type EditorState } from './editorState';
export * from './floorApi';
