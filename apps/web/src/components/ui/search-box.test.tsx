import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box.js';

describe('SearchBox', () => {
  it('keeps what is typed while its own search reaches the URL, and follows the URL otherwise', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { rerender } = render(<SearchBox value="" onSearch={onSearch} placeholder="Name" />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(box, 'li{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('li');
    // Typing goes on before the list shows the search asked for (a slow device).
    await user.type(box, 'n');
    rerender(<SearchBox value="li" onSearch={onSearch} placeholder="Name" />);
    expect(box).toHaveValue('lin');
    // Back, then Forward: the box shows each search the URL holds.
    rerender(<SearchBox value="" onSearch={onSearch} placeholder="Name" />);
    expect(box).toHaveValue('');
    rerender(<SearchBox value="li" onSearch={onSearch} placeholder="Name" />);
    expect(box).toHaveValue('li');
  });
});
