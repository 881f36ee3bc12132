import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.js';
import { Dropdown, type DropdownOption } from './dropdown.js';
import { SearchableDropdown } from './searchable-dropdown.js';

type Fruit = 'apple' | 'apricot' | 'banana' | 'cherry' | 'date';

const FRUITS: DropdownOption<Fruit>[] = [
  { value: 'apple', label: 'Apple' },
  { value: 'apricot', label: 'Apricot' },
  { value: 'banana', label: 'Banana' },
  { value: 'cherry', label: 'Cherry', disabled: true },
  { value: 'date', label: 'Date' },
];

type HarnessProps = Partial<ComponentProps<typeof Dropdown<Fruit>>> & {
  initial?: Fruit | null;
  /** Renders the dropdown with a filter box instead of the plain one. */
  searchable?: boolean;
};

function Harness({ initial = null, onChange, searchable = false, ...props }: HarnessProps) {
  const [value, setValue] = useState<Fruit | null>(initial);
  const Component = searchable ? SearchableDropdown : Dropdown;
  return (
    <>
      <Component
        label="Fruit"
        options={FRUITS}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        {...props}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

function setup(props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  return { user, control: screen.getByRole('combobox', { name: 'Fruit' }) };
}

const options = () =>
  within(screen.getByRole('listbox', { name: 'Fruit' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The option the search box points at (`aria-activedescendant`), by its text. */
const highlighted = () => {
  const id = screen
    .getByRole('combobox', { name: 'Search Fruit' })
    .getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

/** The highlighted option: it has focus while the menu is open. */
const activeOption = () => {
  const focused = document.activeElement;
  return focused?.getAttribute('role') === 'option' ? focused.textContent : null;
};

describe('Dropdown', () => {
  it("is a labelled combobox showing 'Select here' until something is chosen", () => {
    const { control } = setup();
    expect(control).toHaveTextContent('Select here');
    expect(control).toHaveAttribute('aria-expanded', 'false');
    expect(control).toHaveAttribute('aria-haspopup', 'listbox');
    expect(screen.getByText('Fruit', { selector: 'label' })).toBeVisible();
  });

  it('takes another placeholder, and shows the chosen label instead', () => {
    render(
      <>
        <Dropdown label="A" options={FRUITS} value={null} onChange={() => {}} placeholder="Pick" />
        <Dropdown label="B" options={FRUITS} value="banana" onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'A' })).toHaveTextContent(/^Pick$/);
    expect(screen.getByRole('combobox', { name: 'B' })).toHaveTextContent(/^Banana$/);
  });

  it('draws its options only while open', async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({
      value: `v${index}`,
      label: `Option ${index}`,
    }));
    let commits = 0;
    const createElement = vi.spyOn(document, 'createElement');
    const user = userEvent.setup();
    render(
      <Profiler id="dropdown" onRender={() => (commits += 1)}>
        <Dropdown label="Many" options={many} value="v41" onChange={() => {}} />
      </Profiler>,
    );
    const control = screen.getByRole('combobox', { name: 'Many' });
    expect(control).toHaveTextContent(/^Option 41$/);
    // Closed, Radix would draw every option out of sight, then the dropdown again as each one
    // registers: 4 commits and several elements per option.
    expect(createElement.mock.calls.length).toBeLessThan(many.length);
    expect(commits).toBeLessThanOrEqual(2);
    createElement.mockRestore();

    await user.click(control);
    expect(screen.getAllByRole('option')).toHaveLength(60);
    expect(activeOption()).toBe('Option 41');
  });

  it("shows 'No result' when it has no options", async () => {
    const { user, control } = setup({ options: [] });
    await user.click(control);
    expect(options()).toEqual(['No result']);
    expect(screen.getByRole('option', { name: 'No result' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('opens on click, marks the chosen option, and chooses with a click', async () => {
    const onChange = vi.fn();
    const { user, control } = setup({ initial: 'banana', onChange });
    await user.click(control);

    expect(control).toHaveAttribute('aria-expanded', 'true');
    expect(control).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(options()).toEqual(['Apple', 'Apricot', 'Banana', 'Cherry', 'Date']);
    expect(screen.getByRole('option', { name: 'Banana' })).toHaveAttribute('aria-selected', 'true');
    expect(activeOption()).toBe('Banana');

    await user.click(screen.getByRole('option', { name: 'Date' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('date');
    expect(control).toHaveTextContent('Date');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(control).toHaveFocus();
  });

  it('ignores disabled options', async () => {
    const onChange = vi.fn();
    const { user, control } = setup({ onChange });
    await user.click(control);
    await user.click(screen.getByRole('option', { name: 'Cherry' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('keeps its menu at most 208px high, scrolling inside', async () => {
    const { user, control } = setup();
    await user.click(control);
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveStyle({ maxHeight: '208px' });
    expect(listbox.querySelector('[data-radix-select-viewport]')).toHaveStyle({
      overflow: 'hidden auto',
    });
  });

  it('keeps its menu at most 208px high with the search box, the options scrolling', async () => {
    const { user, control } = setup({ searchable: true });
    await user.click(control);
    const listbox = screen.getByRole('listbox');
    expect(listbox.parentElement).toHaveStyle({ maxHeight: '208px' });
    expect(listbox).toHaveClass('overflow-y-auto');
  });

  describe('keyboard', () => {
    it('opens with ArrowDown, moves over disabled options, chooses with Enter', async () => {
      const onChange = vi.fn();
      const { user, control } = setup({ onChange });
      control.focus();
      await user.keyboard('{ArrowDown}');
      expect(control).toHaveAttribute('aria-expanded', 'true');
      expect(activeOption()).toBe('Apple');
      expect(screen.getByRole('option', { name: 'Apple' })).toHaveFocus();

      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
      expect(activeOption()).toBe('Date'); // Cherry is disabled
      await user.keyboard('{ArrowUp}');
      expect(activeOption()).toBe('Banana');

      await user.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledExactlyOnceWith('banana');
      await waitFor(() => expect(control).toHaveAttribute('aria-expanded', 'false'));
      expect(control).toHaveTextContent('Banana');
      expect(control).toHaveFocus();
    });

    it('goes to the ends with Home and End, and chooses with Space', async () => {
      const { user, control } = setup({ initial: 'apricot' });
      control.focus();
      await user.keyboard('{Enter}');
      expect(activeOption()).toBe('Apricot');
      await user.keyboard('{End}');
      expect(activeOption()).toBe('Date');
      await user.keyboard('{Home}');
      expect(activeOption()).toBe('Apple');

      await user.keyboard(' ');
      await waitFor(() => expect(control).toHaveAttribute('aria-expanded', 'false'));
      expect(control).toHaveTextContent('Apple');
    });

    it('jumps to an option by its first letters', async () => {
      const { user, control } = setup();
      control.focus();
      await user.keyboard('b');
      expect(control).toHaveAttribute('aria-expanded', 'true');
      expect(activeOption()).toBe('Banana');
      await user.keyboard('{Escape}');

      await user.keyboard('{ArrowDown}{End}ap');
      expect(activeOption()).toBe('Apple'); // after Date, from the top
      await user.keyboard('{Escape}{ArrowDown}a');
      expect(activeOption()).toBe('Apricot'); // a first letter again: the next match
      await user.keyboard('{Escape}{ArrowDown}{End}ap');
      await user.keyboard('r');
      expect(activeOption()).toBe('Apricot');
    });

    it('closes on Escape without choosing and gives focus back', async () => {
      const onChange = vi.fn();
      const { user, control } = setup({ initial: 'apple', onChange });
      await user.click(control);
      await user.keyboard('{ArrowDown}{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
      expect(onChange).not.toHaveBeenCalled();
      expect(control).toHaveTextContent('Apple');
      expect(control).toHaveFocus();
    });

    it('closes when Tab moves on', async () => {
      const { user, control } = setup();
      await user.click(control);
      await user.tab();
      await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    });
  });

  describe('search', () => {
    it('filters the options by what is typed, and chooses with the keyboard', async () => {
      const onChange = vi.fn();
      const { user, control } = setup({ searchable: true, onChange });
      await user.click(control);
      const filter = screen.getByRole('combobox', { name: 'Search Fruit' });
      await waitFor(() => expect(filter).toHaveFocus());

      await user.keyboard('AP');
      expect(options()).toEqual(['Apple', 'Apricot']);
      expect(filter).toHaveAttribute(
        'aria-activedescendant',
        screen.getByRole('option', { name: 'Apple' }).id,
      );
      await user.keyboard('{ArrowDown}{Enter}');
      expect(onChange).toHaveBeenCalledExactlyOnceWith('apricot');
      await waitFor(() => expect(control).toHaveFocus());
    });

    it('names its search box after the field', async () => {
      const { user, control } = setup({ searchable: true });
      await user.click(control);
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Search Fruit' })).toHaveFocus(),
      );
      expect(screen.queryByRole('combobox', { name: 'Filter options' })).not.toBeInTheDocument();
    });

    it('highlights the first option on opening, so Enter chooses it', async () => {
      const onChange = vi.fn();
      const { user, control } = setup({ searchable: true, onChange });
      control.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(highlighted()).toBe('Apple'));
      await user.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledExactlyOnceWith('apple');
    });

    it('highlights the chosen option on opening', async () => {
      const onChange = vi.fn();
      const { user, control } = setup({ searchable: true, initial: 'banana', onChange });
      control.focus();
      await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(highlighted()).toBe('Banana'));
      await user.keyboard('{Enter}');
      expect(onChange).not.toHaveBeenCalled();
      expect(control).toHaveTextContent('Banana');
    });

    it('keeps the highlight on the last match past the end, and Enter chooses it', async () => {
      const onChange = vi.fn();
      const { user, control } = setup({ searchable: true, onChange });
      await user.click(control);
      await user.keyboard('ap');
      expect(highlighted()).toBe('Apple');
      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
      expect(highlighted()).toBe('Apricot');
      await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
      expect(highlighted()).toBe('Apple');
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      expect(onChange).toHaveBeenCalledExactlyOnceWith('apricot');
    });

    it("says 'No result' when nothing matches, and starts afresh when reopened", async () => {
      const { user, control } = setup({ searchable: true });
      await user.click(control);
      await user.keyboard('kiwi');
      expect(options()).toEqual(['No result']);
      await user.keyboard('{Enter}');
      expect(screen.getByRole('listbox')).toBeInTheDocument();

      await user.keyboard('{Escape}');
      await user.click(control);
      expect(screen.getByRole('combobox', { name: 'Search Fruit' })).toHaveValue('');
      expect(options()).toHaveLength(FRUITS.length);
    });
  });

  describe.each([
    ['Dropdown', false],
    ['SearchableDropdown', true],
  ])('%s in a dialog', (_name, searchable) => {
    function InDialog() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open the form
          </button>
          <Dialog open={open} onOpenChange={setOpen} title="A form">
            <Harness searchable={searchable} />
          </Dialog>
        </>
      );
    }

    it('closes only its menu on Escape; a second Escape closes the dialog', async () => {
      const user = userEvent.setup();
      render(<InDialog />);
      const opener = screen.getByRole('button', { name: 'Open the form' });
      opener.focus();
      await user.keyboard('{Enter}');
      const control = await screen.findByRole('combobox', { name: 'Fruit' });
      control.focus();
      await user.keyboard('{ArrowDown}');
      await screen.findByRole('listbox', { name: 'Fruit' });

      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.queryByRole('listbox', { name: 'Fruit' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('dialog', { name: 'A form' })).toBeInTheDocument();
      expect(control).toHaveFocus();

      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(opener).toHaveFocus();
    });
  });

  it('cannot be opened when disabled', async () => {
    const { user, control } = setup({ disabled: true, initial: 'date' });
    expect(control).toBeDisabled();
    await user.click(control);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(control).toHaveTextContent('Date');
  });

  it('reads its error with it and marks itself invalid', () => {
    setup({ error: 'Please select role' });
    const control = screen.getByRole('combobox', { name: 'Fruit' });
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription('Please select role');
  });
});
