import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepFocusInView } from './focus-keeping.js';

/** Where each element is on screen, as the page scrolls on: jsdom lays nothing out. */
let tops = new Map<string, number>();

const spies: Array<{ mockRestore: () => void }> = [];
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore();
});

function page() {
  tops = new Map();
  spies.push(
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      return new DOMRect(10, tops.get(this.textContent ?? '') ?? 300, 100, 20);
    }),
  );
  const scrolled = vi.fn();
  spies.push(vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(scrolled));
  spies.push({ mockRestore: keepFocusInView() });
  render(
    <>
      <button type="button">Row link</button>
      <div role="dialog">
        <button type="button">In a dialog</button>
      </div>
    </>,
  );
  return scrolled;
}

/** Lets the browser draw `frames` frames. */
async function frames(count: number) {
  for (let frame = 0; frame < count; frame += 1) {
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
}

describe('keepFocusInView', () => {
  it('brings the focused element back when a scroll still running carries it off screen', async () => {
    const scrolled = page();
    fireEvent.keyDown(document.body, { key: 'Tab', shiftKey: true });
    act(() => screen.getByRole('button', { name: 'Row link' }).focus());
    await frames(2);
    expect(scrolled).not.toHaveBeenCalled();
    // End's smooth scroll goes on after Shift+Tab: the row is now 71 px above the window.
    tops.set('Row link', -71);
    await frames(1);
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
  });

  it('leaves alone what the page’s scroll does not move, and what no longer has focus', async () => {
    const scrolled = page();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => screen.getByRole('button', { name: 'In a dialog' }).focus());
    tops.set('In a dialog', -71);
    await frames(2);
    act(() => screen.getByRole('button', { name: 'Row link' }).focus());
    act(() => screen.getByRole('button', { name: 'Row link' }).blur());
    tops.set('Row link', -71);
    await frames(2);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('leaves the page to the pointer after a click or a tap', async () => {
    const scrolled = page();
    fireEvent.keyDown(document.body, { key: 'End' });
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Row link' }));
    act(() => screen.getByRole('button', { name: 'Row link' }).focus());
    // A wheel turned just after the click, or a menu opened from a scrolled page (which closes
    // when the page scrolls): the focused element leaves the window and stays where it went.
    tops.set('Row link', -400);
    await frames(3);
    expect(scrolled).not.toHaveBeenCalled();
  });
});
