export * from './api';
export * from './drawer';
export * from './messages';
export * from './zReport';
