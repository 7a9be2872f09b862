import { describe, expect, it } from 'vitest';
import { STICKERS_PER_FILE, stickerFiles } from './StickerPdfButton.tsx';

describe('the sticker PDFs a scope takes', () => {
  it('are one file up to a full page, then one more per page, each with its stickers', () => {
    expect(stickerFiles(0)).toEqual([]);
    expect(stickerFiles(3)).toEqual([{ page: 1, from: 1, to: 3 }]);
    expect(stickerFiles(STICKERS_PER_FILE)).toHaveLength(1);
    expect(stickerFiles(1000)).toEqual([
      { page: 1, from: 1, to: 480 },
      { page: 2, from: 481, to: 960 },
      { page: 3, from: 961, to: 1000 },
    ]);
  });
});
