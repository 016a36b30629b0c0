export { uploadQueueMachine } from './uploadQueueMachine';
export type { QueuedFile, UploadInput, UploadQueueContext, UploadQueueEvent, UploadStatus } from './uploadQueueMachine';
