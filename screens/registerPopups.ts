/** Registers the popups of issue 4 by name (spec 01 §2): media, select, procurement quantity, POS loading, product preview, upload document. */
import '../engine/media/registerMediaPopup';
import '../engine/widgets/popups/register';
import '../engine/documents/openUploadDocument';
import './products/registerProductPreview';
