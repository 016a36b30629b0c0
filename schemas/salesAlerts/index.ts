export * from './rules';
export * from './media';
export * from './requests';
