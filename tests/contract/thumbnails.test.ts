import { describe, expect, it } from 'vitest';
import { thumbnailOf } from '@contract/thumbnails';

describe('a list’s picture (contract/thumbnails.ts)', () => {
  it('Scenario: a shop picture (/media/:id) is listed by its 320 px thumbnail; any other address is kept as it is', () => {
    expect(thumbnailOf('/media/42')).toBe('/media/42/thumb');
    expect(thumbnailOf('/media/42/thumb')).toBe('/media/42/thumb');
    expect(thumbnailOf('/media/upload/7')).toBe('/media/upload/7');
    expect(thumbnailOf('https://cdn.example.com/pic.jpg')).toBe('https://cdn.example.com/pic.jpg');
    expect(thumbnailOf('/media/x1')).toBe('/media/x1');
  });
});
