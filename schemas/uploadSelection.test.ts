import { describe, expect, it } from 'vitest';
import { filesWithExtensions, firstAcceptedFile, SELECT_FILE_MESSAGE } from './uploadSelection';
import { DOCUMENT_EXTENSIONS, IMAGE_EXTENSIONS } from './uploads';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('choosing the files an upload takes', () => {
  it('documents: pdf, doc, docx, txt, png, gif, jpg, jpeg only, and only the first accepted file', () => {
    expect(DOCUMENT_EXTENSIONS).toEqual(['pdf', 'doc', 'docx', 'txt', 'png', 'gif', 'jpg', 'jpeg']);
    expect(firstAcceptedFile(named('run.exe', 'Lease.PDF', 'photo.jpg'))).toEqual({ name: 'Lease.PDF' });
    expect(firstAcceptedFile(named('run.exe', 'page.html', 'sheet.xlsx', 'README'))).toBeUndefined();
    expect(firstAcceptedFile([])).toBeUndefined();
    expect(SELECT_FILE_MESSAGE).toBe('Please select file');
  });

  it('media: keeps png, gif, jpg, jpeg and silently drops the rest', () => {
    expect(IMAGE_EXTENSIONS).toEqual(['png', 'gif', 'jpg', 'jpeg']);
    expect(filesWithExtensions(named('a.png', 'b.pdf', 'c.GIF', 'd.svg', 'e.jpeg', 'f.jpg', '.png'), IMAGE_EXTENSIONS)).toEqual(
      named('a.png', 'c.GIF', 'e.jpeg', 'f.jpg'),
    );
  });
});
