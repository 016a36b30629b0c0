export * from './figures';
export * from './kinds';
export * from './payloads';
export * from './dashboard';
