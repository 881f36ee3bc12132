import * as Popover from '@radix-ui/react-popover';
import { LAYOUT } from '@staff-admin/shared';
import clsx from 'clsx';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { describedBy, FieldMessages, labelHiding, type LabelHiding } from './field-messages.js';
import { CheckIcon, ChevronDownIcon, SearchIcon } from './icons.js';

const DROPDOWN_PLACEHOLDER = 'Select here';
const DROPDOWN_NO_RESULT = 'No result';
/** How long typed letters add up to one prefix when jumping to an option. */
const TYPEAHEAD_RESET_MS = 500;
/** How many options PageUp and PageDown skip. */
const PAGE_STEP = 5;

export interface DropdownOption<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

interface DropdownProps<T extends string> {
  /** The visible label; also the accessible name of the control. */
  label: string;
  /** Keeps the label for assistive technology only (e.g. in a row with column headings). */
  /** See Input's `hideLabel`. */
  hideLabel?: LabelHiding;
  options: readonly DropdownOption<T>[];
  value: T | null | undefined;
  onChange: (value: T) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** Adds a box above the options that filters them by label. */
  searchable?: boolean;
  disabled?: boolean;
  /** A validation message; marks the control invalid and is read with it. */
  error?: string;
  description?: string;
  id?: string;
  name?: string;
  /** Puts the label beside a compact control instead of above a full-width one. */
  inline?: boolean;
  /** Classes of the wrapper around label, control and messages. */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

function matches(option: DropdownOption<string>, query: string): boolean {
  return option.label.toLowerCase().includes(query.trim().toLowerCase());
}

/**
 * SPEC §2's dropdown: a select-only combobox (WAI-ARIA APG) whose menu opens under it. Focus
 * stays on the control and `aria-activedescendant` names the highlighted option; with
 * `searchable`, focus moves to a filter box above the options and it does the same. It shows
 * 'No result' when nothing is left to choose, and its menu is at most 208px high.
 */
export function Dropdown<T extends string>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  onBlur,
  placeholder = DROPDOWN_PLACEHOLDER,
  searchable = false,
  disabled = false,
  error,
  description,
  id,
  name,
  inline = false,
  className,
  ref,
}: DropdownProps<T>) {
  const baseId = useId();
  const triggerId = id ?? `${baseId}-trigger`;
  const labelId = `${baseId}-label`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (option: DropdownOption<T>) => `${baseId}-option-${options.indexOf(option)}`;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeValue, setActiveValue] = useState<T | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const typeahead = useRef({ text: '', at: 0 });
  // Set when Space chose an option on keydown, so its keyup does not click the control open again.
  const spaceChose = useRef(false);

  const visible =
    searchable && query ? options.filter((option) => matches(option, query)) : options;
  const enabled = visible.filter((option) => !option.disabled);
  const active =
    enabled.find((option) => option.value === activeValue) ??
    (activeValue === null ? undefined : enabled[0]);
  const selected = options.find((option) => option.value === value);

  const activeId = active ? optionId(active) : undefined;

  useEffect(() => {
    if (open && activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeId]);

  function changeOpen(next: boolean) {
    typeahead.current = { text: '', at: 0 };
    if (next) {
      setQuery('');
      setActiveValue(selected && !selected.disabled ? selected.value : (enabled[0]?.value ?? null));
    }
    setOpen(next);
  }

  function choose(option: DropdownOption<T> | undefined) {
    if (!option || option.disabled) return;
    setOpen(false);
    if (option.value !== value) onChange(option.value);
  }

  /** Moves the highlight by `step` options (clamped); ±Infinity go to the first or last. */
  function move(step: number) {
    if (enabled.length === 0) return;
    const current = active ? enabled.indexOf(active) : -1;
    let next: number;
    if (step === Infinity) next = enabled.length - 1;
    else if (step === -Infinity) next = 0;
    else if (current === -1) next = step > 0 ? 0 : enabled.length - 1;
    else next = Math.min(enabled.length - 1, Math.max(0, current + step));
    setActiveValue(enabled[next]?.value ?? null);
  }

  /** Jumps to the next option starting with what was typed in quick succession. */
  function jumpTo(
    character: string,
    from: DropdownOption<T> | undefined = active,
  ): DropdownOption<T> | undefined {
    const now = Date.now();
    const state = typeahead.current;
    state.text = now - state.at > TYPEAHEAD_RESET_MS ? character : state.text + character;
    state.at = now;
    const prefix = state.text.toLowerCase();
    const current = from ? enabled.indexOf(from) : -1;
    // A first letter looks past the current option, so repeating it cycles through matches.
    const start = current === -1 ? 0 : current + (prefix.length === 1 ? 1 : 0);
    const ordered = [...enabled.slice(start), ...enabled.slice(0, start)];
    return ordered.find((option) => option.label.toLowerCase().startsWith(prefix));
  }

  /** Keys that move the highlight or choose, shared by the control and the filter box. */
  function handleListKeys(event: KeyboardEvent<HTMLElement>, inTextBox: boolean): boolean {
    switch (event.key) {
      case 'ArrowDown':
        // Alt+ArrowDown only opens (APG); the list is open already.
        if (!event.altKey) move(1);
        return true;
      case 'ArrowUp':
        if (event.altKey) choose(active);
        else move(-1);
        return true;
      case 'PageDown':
        move(PAGE_STEP);
        return true;
      case 'PageUp':
        move(-PAGE_STEP);
        return true;
      case 'Home':
        if (inTextBox) return false;
        move(-Infinity);
        return true;
      case 'End':
        if (inTextBox) return false;
        move(Infinity);
        return true;
      case 'Enter':
        choose(active);
        return true;
      default:
        return false;
    }
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (disabled) return;
    const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        changeOpen(true);
      } else if (printable && event.key !== ' ' && !searchable) {
        changeOpen(true);
        const match = jumpTo(event.key, selected);
        if (match) setActiveValue(match.value);
      }
      return;
    }
    if (searchable) return;
    const typing = Date.now() - typeahead.current.at <= TYPEAHEAD_RESET_MS;
    if (event.key === ' ' && !typing) {
      event.preventDefault();
      spaceChose.current = true;
      choose(active);
    } else if (handleListKeys(event, false)) {
      event.preventDefault();
    } else if (printable) {
      const match = jumpTo(event.key);
      if (match) setActiveValue(match.value);
    }
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (handleListKeys(event, true)) event.preventDefault();
  }

  return (
    <div className={clsx(inline ? 'flex items-center gap-3' : 'flex flex-col gap-1.5', className)}>
      <label
        id={labelId}
        htmlFor={triggerId}
        className={clsx('text-sm font-medium text-slate-900', labelHiding(hideLabel))}
      >
        {label}
      </label>
      <Popover.Root open={open} onOpenChange={changeOpen}>
        <Popover.Trigger
          ref={ref}
          id={triggerId}
          name={name}
          role="combobox"
          aria-haspopup="listbox"
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open && !searchable ? activeId : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(baseId, { description, error })}
          disabled={disabled}
          onKeyDown={onTriggerKeyDown}
          onKeyUp={(event) => {
            if (event.key === ' ' && spaceChose.current) {
              spaceChose.current = false;
              event.preventDefault();
            }
          }}
          onBlur={onBlur}
          className={clsx(
            'flex items-center justify-between gap-2 rounded-lg border bg-white px-3 text-left',
            inline ? 'h-9 min-w-20 text-sm' : 'h-11 w-full text-base',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
            'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700',
            error ? 'border-red-600' : 'border-slate-300',
          )}
        >
          <span className={clsx('truncate', selected ? 'text-slate-900' : 'text-slate-500')}>
            {selected ? selected.label : placeholder}
          </span>
          <ChevronDownIcon
            className={clsx('shrink-0 text-slate-500 transition-transform', open && 'rotate-180')}
          />
        </Popover.Trigger>
        {/* Not portalled, so the menu stays inside its landmark or dialog. */}
        <Popover.Content
          role={undefined}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            searchRef.current?.focus();
          }}
          style={{ maxHeight: LAYOUT.dropdownMenuMaxHeight }}
          className="z-50 flex min-w-(--radix-popover-trigger-width) flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          {searchable && (
            <div className="relative shrink-0 border-b border-slate-200 p-1.5">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500" />
              <input
                ref={searchRef}
                type="text"
                aria-label="Filter options"
                placeholder="Search"
                autoComplete="off"
                aria-controls={listboxId}
                aria-autocomplete="list"
                aria-activedescendant={activeId}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={onSearchKeyDown}
                className="h-9 w-full rounded-md border border-slate-300 pr-2 pl-8 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
              />
            </div>
          )}
          <div
            role="listbox"
            id={listboxId}
            aria-labelledby={labelId}
            className="min-h-0 flex-1 overflow-y-auto p-1"
          >
            {visible.length === 0 ? (
              <NoResult />
            ) : (
              visible.map((option) => (
                <OptionRow
                  key={option.value}
                  id={optionId(option)}
                  selected={option.value === value}
                  active={option === active}
                  disabled={option.disabled}
                  onHover={() => setActiveValue(option.value)}
                  onChoose={() => choose(option)}
                >
                  {option.label}
                </OptionRow>
              ))
            )}
          </div>
        </Popover.Content>
      </Popover.Root>
      <FieldMessages id={baseId} description={description} error={error} />
    </div>
  );
}

/** Said in place of options; a disabled option, so the listbox is never empty for a reader. */
function NoResult() {
  return (
    <div
      role="option"
      aria-selected={false}
      aria-disabled="true"
      className="px-3 py-2.5 text-sm text-slate-600"
    >
      {DROPDOWN_NO_RESULT}
    </div>
  );
}

interface OptionRowProps {
  id: string;
  selected: boolean;
  active: boolean;
  disabled?: boolean;
  onHover: () => void;
  onChoose: () => void;
  children: ReactNode;
}

function OptionRow({
  id,
  selected,
  active,
  disabled,
  onHover,
  onChoose,
  children,
}: OptionRowProps) {
  return (
    <div
      role="option"
      id={id}
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      data-active={active || undefined}
      // Keep focus on the control (or the filter box) while the mouse chooses.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={disabled ? undefined : onHover}
      onClick={disabled ? undefined : onChoose}
      className={clsx(
        'flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2.5 text-sm text-slate-800 select-none',
        // A filled highlight, at least 3:1 against the menu (WCAG 1.4.11).
        active && 'bg-blue-700 text-white',
        selected && 'font-semibold',
        disabled && 'cursor-not-allowed opacity-50',
      )}
    >
      <span className="truncate">{children}</span>
      {selected && (
        <CheckIcon className={clsx('shrink-0', active ? 'text-white' : 'text-blue-700')} />
      )}
    </div>
  );
}
