export * from './layout';
export * from './items';
export * from './requests';
