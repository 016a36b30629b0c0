/** Components whose code loads on first render, to keep the first script small. */
export { lazyNamed } from './lazyNamed';
