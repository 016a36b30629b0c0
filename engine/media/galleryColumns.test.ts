import { describe, expect, it } from 'vitest';
import { galleryColumns } from './galleryColumns';

describe('gallery columns', () => {
  it.each([
    [0, 2],
    [320, 2],
    [479, 2],
    [480, 3],
    [767, 3],
    [768, 4],
    [1600, 4],
  ])('%i px → %i columns', (width, columns) => {
    expect(galleryColumns(width)).toBe(columns);
  });
});
