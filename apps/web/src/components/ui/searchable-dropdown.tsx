import {
  Combobox,
  ComboboxItem,
  ComboboxList,
  ComboboxProvider,
  Select,
  SelectItem,
  SelectItemCheck,
  SelectPopover,
  SelectProvider,
} from '@ariakit/react';
import { LAYOUT } from '@staff-admin/shared';
import clsx from 'clsx';
import { useId, useState } from 'react';
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
import { CheckIcon, ChevronDownIcon, SearchIcon } from 'lucide-react';

const matches = (option: DropdownOption<string>, query: string) =>
  option.label.toLowerCase().includes(query.trim().toLowerCase());

/**
 * SPEC §2's dropdown with its optional search (Ariakit's select with a combobox): the control
 * opens a menu with a filter box above the options; focus stays in the box while the arrow keys
 * move the highlight (`aria-activedescendant`) and Enter chooses. Options are filtered by label
 * in their own order, 'No result' when none is left; the menu is at most 208px high.
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
}: DropdownProps<T>) {
  const baseId = useId();
  const triggerId = id ?? `${baseId}-trigger`;
  const [query, setQuery] = useState('');
  const selected = options.find((option) => option.value === value);
  const visible = options.filter((option) => matches(option, query));

  return (
    <DropdownField
      baseId={baseId}
      controlId={triggerId}
      {...{ label, hideLabel, inline, description, error, className }}
    >
      <ComboboxProvider resetValueOnHide value={query} setValue={setQuery}>
        <SelectProvider
          value={value ?? ''}
          setValue={(next: string) => {
            if (next && next !== value) onChange(next as T);
          }}
        >
          <Select
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
            aria-label={label}
            gutter={4}
            style={{ maxHeight: LAYOUT.dropdownMenuMaxHeight }}
            className={clsx(MENU_CLASS_NAME, 'min-w-(--popover-anchor-width)')}
          >
            <div className="relative shrink-0 border-b border-slate-200 p-1.5">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500" />
              <Combobox
                autoSelect
                aria-label="Filter options"
                placeholder="Search"
                className="h-9 w-full rounded-md border border-slate-300 pr-2 pl-8 text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
              />
            </div>
            <ComboboxList aria-label={label} className="min-h-0 flex-1 overflow-y-auto p-1">
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
        </SelectProvider>
      </ComboboxProvider>
    </DropdownField>
  );
}
