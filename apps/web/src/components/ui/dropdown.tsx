import * as Select from '@radix-ui/react-select';
import { LAYOUT } from '@staff-admin/shared';
import clsx from 'clsx';
import { getNonce } from 'get-nonce';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { describedBy, FieldMessages, labelHiding, type LabelHiding } from './field-messages.js';
import { CheckIcon, ChevronDownIcon } from 'lucide-react';

export const DROPDOWN_PLACEHOLDER = 'Select here';
export const DROPDOWN_NO_RESULT = 'No result';

export interface DropdownOption<T extends string> {
  value: T;
  label: string;
  disabled?: boolean;
}

export interface DropdownProps<T extends string> {
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
  disabled?: boolean;
  /** A validation message; marks the control invalid and is read with it. */
  error?: string;
  description?: string;
  /** Elements elsewhere on the page that describe the control too (why it is disabled). */
  'aria-describedby'?: string;
  id?: string;
  name?: string;
  /** Puts the label beside a compact control instead of above a full-width one. */
  inline?: boolean;
  /** Classes of the wrapper around label, control and messages. */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The label, the control and its messages, laid out the same for both dropdowns. */
export function DropdownField({
  baseId,
  controlId,
  label,
  hideLabel = false,
  inline = false,
  description,
  error,
  className,
  children,
}: Pick<
  DropdownProps<string>,
  'label' | 'hideLabel' | 'inline' | 'description' | 'error' | 'className'
> & { baseId: string; controlId: string; children: ReactNode }) {
  return (
    <div className={clsx(inline ? 'flex items-center gap-3' : 'flex flex-col gap-1.5', className)}>
      <label
        id={`${baseId}-label`}
        htmlFor={controlId}
        className={clsx('text-sm font-medium text-slate-900', labelHiding(hideLabel))}
      >
        {label}
      </label>
      {children}
      <FieldMessages id={baseId} description={description} error={error} />
    </div>
  );
}

/** The closed control's classes. */
export function triggerClassName(inline: boolean, error: string | undefined) {
  return clsx(
    'group flex items-center justify-between gap-2 rounded-lg border bg-white px-3 text-left text-slate-900',
    inline ? 'h-9 min-w-20 text-sm' : 'h-11 w-full text-base',
    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-700',
    error ? 'border-red-600' : 'border-slate-300',
  );
}

/** The open menu's classes; its height is capped by an inline style (SPEC: 208px). */
export const MENU_CLASS_NAME =
  'z-50 flex min-w-(--radix-popper-anchor-width) flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg';

/**
 * An option's classes: highlighted (Radix's data-highlighted, Ariakit's data-active-item) it is
 * a filled bar, at least 3:1 against the menu (WCAG 1.4.11).
 */
export const OPTION_CLASS_NAME = clsx(
  'group/option flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2.5 text-sm text-slate-800 outline-none select-none',
  'data-active-item:bg-blue-700 data-active-item:text-white data-highlighted:bg-blue-700 data-highlighted:text-white',
  'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 data-disabled:cursor-not-allowed data-disabled:opacity-50',
);

/** 'No result', as a disabled option, so the listbox is never empty for a reader. */
export function NoResultOption() {
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

const isPrintable = (event: KeyboardEvent) =>
  event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;

/**
 * SPEC §2's dropdown for a plain choice: Radix Select (the WAI-ARIA select-only combobox), its
 * menu under the control, at most 208px high, 'No result' when there is nothing to choose.
 * Two things differ from Radix's defaults, both kept from the site's first dropdown: a letter
 * typed on the closed control opens it at the first matching option (Radix would choose that
 * option unseen), and Tab closes the menu and moves on (Radix keeps focus in the menu).
 * The menu and its options are drawn only while it is open. Closed, Radix would still draw every
 * option out of sight, and draw the dropdown again for each of them as the page first shows
 * (docs/performance.md); the control shows the chosen option's label itself.
 */
export function Dropdown<T extends string>({
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
  'aria-describedby': extraDescribedBy,
  id,
  name,
  inline = false,
  className,
  ref,
}: DropdownProps<T>) {
  const baseId = useId();
  const triggerId = id ?? `${baseId}-trigger`;
  const [open, setOpen] = useState(false);
  /** The option a letter typed on the closed control asked for. */
  const typedTo = useRef<string | null>(null);
  /** Set when Tab closed the menu: focus moves on instead of back to the control. */
  const tabbedAway = useRef(false);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (open || !isPrintable(event)) return;
    // Prevented, so Radix's own type-ahead (which chooses without opening) does not run.
    event.preventDefault();
    const letter = event.key.toLowerCase();
    const from = options.findIndex((option) => option.value === value) + 1;
    typedTo.current =
      [...options.slice(from), ...options.slice(0, from)].find(
        (option) => !option.disabled && option.label.toLowerCase().startsWith(letter),
      )?.value ?? null;
    setOpen(true);
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
    // Kept from Radix's handler (which would prevent it): the browser's Tab goes on from the
    // control, once the menu and its focus trap are gone.
    event.stopPropagation();
    tabbedAway.current = true;
    flushSync(() => setOpen(false));
    document.getElementById(triggerId)?.focus();
  }

  return (
    <DropdownField
      baseId={baseId}
      controlId={triggerId}
      {...{ label, hideLabel, inline, description, error, className }}
    >
      <Select.Root
        open={open}
        onOpenChange={setOpen}
        value={value ?? ''}
        onValueChange={(next) => {
          if (next) onChange(next as T);
        }}
        name={name}
        disabled={disabled}
      >
        <Select.Trigger
          ref={ref}
          id={triggerId}
          aria-haspopup="listbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(baseId, { description, error }, extraDescribedBy)}
          onKeyDown={onTriggerKeyDown}
          // Focus goes into the open menu; the field is left only when the menu is closed.
          onBlur={() => {
            if (!open) onBlur?.();
          }}
          className={clsx(triggerClassName(inline, error), 'data-placeholder:text-slate-500')}
        >
          <Select.Value placeholder={placeholder} className="truncate">
            {options.find((option) => option.value === value)?.label}
          </Select.Value>
          <ChevronDownIcon className="shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
        </Select.Trigger>
        {/* Not portalled, so the menu stays inside its landmark or dialog. */}
        {open && (
          <Select.Content
            position="popper"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            aria-labelledby={`${baseId}-label`}
            onFocus={(event) => {
              // Radix focuses the chosen option on opening; a typed letter asked for another.
              const wanted = typedTo.current;
              typedTo.current = null;
              if (wanted === null) return;
              event.currentTarget
                .querySelector<HTMLElement>(`[data-value="${CSS.escape(wanted)}"]`)
                ?.focus();
            }}
            onCloseAutoFocus={(event) => {
              if (tabbedAway.current) event.preventDefault();
              tabbedAway.current = false;
            }}
            style={{ maxHeight: LAYOUT.dropdownMenuMaxHeight }}
            className={MENU_CLASS_NAME}
          >
            <Select.ScrollUpButton className="flex h-6 shrink-0 items-center justify-center text-slate-500">
              <ChevronDownIcon className="rotate-180" />
            </Select.ScrollUpButton>
            <Select.Viewport nonce={getNonce()} onKeyDown={onMenuKeyDown} className="p-1">
              {options.length === 0 ? (
                <NoResultOption />
              ) : (
                options.map((option) => (
                  <Select.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    data-value={option.value}
                    className={clsx(OPTION_CLASS_NAME, 'data-[state=checked]:font-semibold')}
                  >
                    <Select.ItemText>
                      <span className="truncate">{option.label}</span>
                    </Select.ItemText>
                    <Select.ItemIndicator>
                      <CheckIcon className="shrink-0 text-blue-700 group-data-highlighted/option:text-white" />
                    </Select.ItemIndicator>
                  </Select.Item>
                ))
              )}
            </Select.Viewport>
            <Select.ScrollDownButton className="flex h-6 shrink-0 items-center justify-center text-slate-500">
              <ChevronDownIcon />
            </Select.ScrollDownButton>
          </Select.Content>
        )}
      </Select.Root>
    </DropdownField>
  );
}
