import {
  Combobox,
  ComboboxItem,
  ComboboxList,
  Select,
  SelectItem,
  SelectItemCheck,
  SelectPopover,
  useComboboxStore,
  useSelectStore,
  useStoreState,
} from '@ariakit/react';
import { LAYOUT } from '@staff-admin/shared';
import clsx from 'clsx';
import { useEffect, useId, useState } from 'react';
import {
  DROPDOWN_PLACEHOLDER,
  DropdownField,
  MENU_CLASS_NAME,
  NoResultOption,
  OPTION_CLASS_NAME,
  triggerClassName,
  type DropdownOption,
  type DropdownProps,
} from './dropdown.js';
import { describedBy } from './field-messages.js';
import { SEARCH_DEBOUNCE_MS } from './search-box.js';
import { useDebouncedCallback } from '../../lib/use-debounced-callback.js';
import { CheckIcon, ChevronDownIcon, SearchIcon } from 'lucide-react';

/**
 * While the menu is open, Escape closes the menu only. A Radix dialog around it listens for
 * Escape on the document in the capture phase, before any handler of Ariakit's (also on the
 * document, added later), and would close itself with the menu. This listener, on the window,
 * runs first: it closes the menu and marks the key handled (`preventDefault`), which Radix's
 * dialog and Ariakit's own Escape handling both respect. The plain Dropdown needs none: Radix
 * stacks its select above its dialog.
 */
function useEscapeClosesMenuOnly(open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [open, close]);
}

const matches = (option: DropdownOption<string>, query: string) =>
  option.label.toLowerCase().includes(query.trim().toLowerCase());

/**
 * SPEC §2's dropdown with its optional search (Ariakit's select with a combobox): the control
 * opens a menu with a search box ("Search <label>") above the options; focus stays in the box
 * while the arrow keys move the highlight (`aria-activedescendant`) and Enter chooses. While
 * options are shown one is always highlighted: the chosen one or the first on opening, the first
 * match as you type, and the arrow keys stop at the ends (as the plain Dropdown's do), so Enter
 * always chooses. Options are filtered by label in their own order, 'No result' when none is
 * left; the menu is at most 208px high. Escape closes the menu only, never a dialog around it.
 * With `onSearch`, what is typed also goes to the parent once typing pauses, for options that
 * come from a server search.
 */
export function SearchableDropdown<T extends string>({
  label,
  hideLabel,
  options,
  value,
  onChange,
  onBlur,
  placeholder = DROPDOWN_PLACEHOLDER,
  disabled = false,
  error,
  description,
  id,
  name,
  inline = false,
  className,
  ref,
  onSearch,
}: DropdownProps<T> & {
  /** Called with the search text once typing pauses (and with '' when the menu closes). */
  onSearch?: (search: string) => void;
}) {
  const baseId = useId();
  const triggerId = id ?? `${baseId}-trigger`;
  const [query, setQuery] = useState('');
  const selected = options.find((option) => option.value === value);
  const visible = options.filter((option) => matches(option, query));
  const search = useDebouncedCallback(
    (text: string) => onSearch?.(text.trim()),
    SEARCH_DEBOUNCE_MS,
  );
  const combobox = useComboboxStore({
    value: query,
    setValue: (text: string) => {
      setQuery(text);
      if (onSearch) search.run(text);
    },
    resetValueOnHide: true,
    // The search box is not a stop of the arrow keys: past the last match the highlight stays.
    includesBaseElement: false,
    focusLoop: false,
  });
  const select = useSelectStore({
    combobox,
    value: value ?? '',
    setValue: (next: string) => {
      if (next && next !== value) onChange(next as T);
    },
  });
  const open = useStoreState(select, 'open');
  const itemCount = useStoreState(combobox, (state) => state.renderedItems.length);
  useEscapeClosesMenuOnly(open, select.hide);

  // Ariakit highlights nothing on opening: the chosen option is highlighted, else the first, so
  // that Enter chooses what is shown.
  useEffect(() => {
    if (!open || itemCount === 0 || combobox.getState().activeId !== null) return;
    const chosen = select
      .getState()
      .renderedItems.find((item) => item.value === value && !item.disabled);
    combobox.move(chosen?.id ?? combobox.first());
  }, [open, itemCount, combobox, select, value]);

  return (
    <DropdownField
      baseId={baseId}
      controlId={triggerId}
      {...{ label, hideLabel, inline, description, error, className }}
    >
      <Select
        store={select}
        ref={ref}
        id={triggerId}
        name={name}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(baseId, { description, error })}
        onBlur={onBlur}
        className={clsx(triggerClassName(inline, error), !selected && 'text-slate-500')}
      >
        <span className="truncate">{selected ? selected.label : placeholder}</span>
        <ChevronDownIcon className="shrink-0 text-slate-500 transition-transform group-aria-expanded:rotate-180" />
      </Select>
      <SelectPopover
        store={select}
        aria-label={label}
        // The options are drawn only while the menu is open: a closed picker of 100 people drew
        // its 100 hidden items with the page (a quarter of a second at 4× CPU slowdown).
        unmountOnHide
        gutter={4}
        style={{ maxHeight: LAYOUT.dropdownMenuMaxHeight }}
        className={clsx(MENU_CLASS_NAME, 'min-w-(--popover-anchor-width)')}
      >
        <div className="relative shrink-0 border-b border-slate-200 p-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500" />
          <Combobox
            store={combobox}
            autoSelect
            aria-label={`Search ${label}`}
            placeholder="Search"
            className="h-9 w-full rounded-md border border-slate-300 pr-2 pl-8 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
          />
        </div>
        <ComboboxList
          store={combobox}
          aria-label={label}
          className="min-h-0 flex-1 overflow-y-auto p-1"
        >
          {visible.length === 0 ? (
            <NoResultOption />
          ) : (
            visible.map((option) => (
              <SelectItem
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                render={<ComboboxItem />}
                className={clsx(OPTION_CLASS_NAME, 'aria-selected:font-semibold')}
              >
                <span className="truncate">{option.label}</span>
                <SelectItemCheck className="shrink-0 text-blue-700 group-data-active-item/option:text-white">
                  <CheckIcon />
                </SelectItemCheck>
              </SelectItem>
            ))
          )}
        </ComboboxList>
      </SelectPopover>
    </DropdownField>
  );
}
