export * from './record';
export * from './vendors';
export * from './accounts';
