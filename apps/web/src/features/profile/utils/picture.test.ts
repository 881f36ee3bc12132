import { describe, expect, it } from 'vitest';
import { pictureProblem, readAsDataUrl, storedImage } from './picture.js';

const MB = 1024 * 1024;
const file = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name);

describe('pictureProblem', () => {
  it.each(['me.png', 'me.jpg', 'me.jpeg', 'ME.PNG', 'my.photo.JPeG'])('accepts %s', (name) => {
    expect(pictureProblem(file(name, 10))).toBeNull();
  });

  it.each(['me.gif', 'me.webp', 'me.png.exe', 'png', 'me'])('refuses %s by its type', (name) => {
    expect(pictureProblem(file(name, 10))).toBe('File type must be .png, .jpg, .jpeg');
  });

  it('takes 5 MB exactly and refuses a byte more', () => {
    expect(pictureProblem(file('big.png', 5 * MB))).toBeNull();
    expect(pictureProblem(file('big.png', 5 * MB + 1))).toBe('File size must be less than 5 MB');
  });

  it('names the type problem first when both apply', () => {
    expect(pictureProblem(file('big.gif', 6 * MB))).toBe('File type must be .png, .jpg, .jpeg');
  });
});

describe('storedImage', () => {
  it('is null without a picture, else the stored path and its file name', () => {
    expect(storedImage(null)).toBeNull();
    expect(storedImage('/api/files/users/abc.png')).toEqual({
      name: 'abc.png',
      url: '/api/files/users/abc.png',
      file: null,
    });
  });
});

describe('readAsDataUrl', () => {
  it('reads a file as a data URL of its type', async () => {
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    expect(await readAsDataUrl(png)).toBe('data:image/png;base64,iVBORw==');
  });
});
