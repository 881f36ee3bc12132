import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveStatus } from './live-status.js';

describe('LiveStatus', () => {
  it('is in the page before its text: a region that appears with its news is still read', async () => {
    // Mutations inside a region already in the document are what screen readers announce.
    const textWrittenInPage: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target;
        if (target instanceof HTMLElement && target.getAttribute('role') === 'status') {
          textWrittenInPage.push(...[...record.addedNodes].map((node) => node.textContent ?? ''));
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    try {
      const { rerender } = render(<LiveStatus message="1 user selected" />);
      expect(screen.getByRole('status')).toHaveTextContent('1 user selected');
      rerender(<LiveStatus message="10 users selected" />);
      expect(screen.getByRole('status')).toHaveTextContent('10 users selected');
      await Promise.resolve();
      expect(textWrittenInPage).toEqual(['1 user selected', '10 users selected']);
    } finally {
      observer.disconnect();
    }
  });
});
