import { describe, expect, it } from 'vitest';
import { keptMedia, mediaKindOfName } from './media';

describe('sales alert media selection', () => {
  const image = (name: string) => ({ name, kind: 'image' as const });
  const video = (name: string) => ({ name, kind: 'video' as const });
  it('keeps every image when no video is picked', () => {
    expect(keptMedia([image('a'), image('b')]).map((f) => f.name)).toEqual(['a', 'b']);
  });
  it('keeps only the first video when one is picked', () => {
    expect(keptMedia([image('a'), video('v1'), image('b'), video('v2')]).map((f) => f.name)).toEqual(['v1']);
  });
  it('names kinds by extension for the browser pre-filter', () => {
    expect(['a.PNG', 'b.jpeg', 'c.mp4', 'd.webm', 'e.txt', 'f'].map(mediaKindOfName)).toEqual(['image', 'image', 'video', 'video', null, null]);
  });
});
