import type { Filters, ListState } from '../../lib/list-params.js';
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

interface ChoiceFilterProps<F extends Filters, S extends string> {
  /** The list (`useListParams`'s third value); `name` is one of its `oneOfParam` filters. */
  list: ListState<F, S>;
  name: keyof F & string;
  label: string;
  allLabel: string;
  className?: string;
}

/** A one-of filter of a list, with the values its view declares: a choice goes back to page 1. */
export function ChoiceFilter<F extends Filters, S extends string>({
  list,
  name,
  label,
  allLabel,
  className = 'w-44',
}: ChoiceFilterProps<F, S>) {
  const choices = list.view.filters[name]?.choices;
  if (!choices) throw new Error(`The list has no one-of filter "${name}"`);
  const params = list.params as Record<string, unknown>;
  return (
    <FilterDropdown
      label={label}
      allLabel={allLabel}
      values={choices.values}
      labels={choices.labels}
      value={params[name] as string}
      onChange={(value) => list.update({ [name]: value, page: 1 } as never)}
      className={className}
    />
  );
}
