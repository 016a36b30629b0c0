import './registerMediaPopup';

export { MediaManager, type MediaManagerProps, type MediaManagerPage } from './MediaManager';
export { MediaPopup, MEDIA_POPUP_WIDTH } from './MediaPopup';
export { MediaGallery } from './MediaGallery';
export { MediaPreview } from './MediaPreview';
export { MediaUploadPanel } from './MediaUploadPanel';
export { useMediaGallery, type MediaGalleryState } from './useMediaGallery';
export { useUploadQueue } from './useUploadQueue';
export { galleryColumns } from './galleryColumns';
export { pickMedia } from './pickMedia';
export { deleteMedias, fetchMediaPage, mediaQueryKeys, uploadEditorImage, uploadMedia, type Media, type MediaPage } from './mediaApi';
