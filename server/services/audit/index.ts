export * from './record';
export * from './orders';
export * from './vendors';
export * from './accounts';
