import { Dropdown } from './dropdown.js';

const ALL = 'all' as const;

interface FilterDropdownProps<T extends string> {
  label: string;
  /** The first option, which filters nothing: "All states". */
  allLabel: string;
  values: readonly T[];
  /** Each value's name on screen; the value itself when absent. */
  labels?: Readonly<Record<T, string>>;
  /** '' when the list is not filtered by it. */
  value: T | '';
  onChange: (value: T | '') => void;
  /** The server's message for the value now in the URL. */
  error?: string;
  className?: string;
}

/** A list filter that is one of a few values, or all of them (''). */
export function FilterDropdown<T extends string>({
  label,
  allLabel,
  values,
  labels,
  value,
  onChange,
  error,
  className,
}: FilterDropdownProps<T>) {
  const options = [
    { value: ALL, label: allLabel },
    ...values.map((option) => ({ value: option, label: labels?.[option] ?? option })),
  ];
  return (
    <Dropdown<T | typeof ALL>
      label={label}
      options={options}
      value={value || ALL}
      onChange={(chosen) => onChange(chosen === ALL ? '' : chosen)}
      error={error}
      className={className}
    />
  );
}
