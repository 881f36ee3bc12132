import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUDGETING_MESSAGES as M,
  COST_CATEGORIES,
  COST_CATEGORY_LABELS,
  COST_DESCRIPTION_MAX_LENGTH,
  amountToDecimal,
  hoursToHundredths,
  dateFieldSchema,
  type CostCategory,
  type CostEntry,
  type Project,
} from '@staff-admin/shared';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { FormDateField } from '../../../components/ui/form-date-field.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { LiveStatus } from '../../../components/ui/live-status.js';
import { getErrorMessage, isApiError } from '../../../lib/api-error.js';
import { registerTrimmed, setServerFieldErrors, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useCreateCost, useUpdateCost } from '../api/change-costs.js';
import { useIsInClosedMonth } from '../api/closed-months.js';
import { amountError, toMinor } from './money-text.js';
import { PersonPicker } from './person-picker.js';

const CATEGORY_OPTIONS = COST_CATEGORIES.map((value) => ({
  value,
  label: COST_CATEGORY_LABELS[value],
}));

const formSchema = z
  .object({
    date: dateFieldSchema(),
    category: z.enum(COST_CATEGORIES, { error: M.categoryInvalid }),
    description: z
      .string()
      .trim()
      .min(1, { error: M.descriptionRequired })
      .max(COST_DESCRIPTION_MAX_LENGTH, { error: M.textTooLong }),
    amount: z.string().trim(),
    userId: z.string(),
    hours: z.string().trim(),
  })
  .superRefine((value, context) => {
    if (value.category === 'labour') {
      if (!value.userId) {
        context.addIssue({ code: 'custom', path: ['userId'], message: M.personRequired });
      }
      if (!/^\d+(?:\.\d+)?$/.test(value.hours) || hoursToHundredths(Number(value.hours)) === null) {
        context.addIssue({ code: 'custom', path: ['hours'], message: M.hoursInvalid });
      }
    }
  });
type FormValues = z.infer<typeof formSchema>;

/**
 * Adds a cost, or changes `cost`: labour as a person's hours (the server prices them), anything
 * else as an amount.
 */
export function CostDialog({
  project,
  cost,
  open,
  onOpenChange,
  finalFocus,
}: {
  project: Project;
  cost?: CostEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** See Dialog: a change may take the cost (and the Edit that opened this) out of the list. */
  finalFocus?: () => HTMLElement | null;
}) {
  const create = useCreateCost();
  const update = useUpdateCost();
  const isInClosedMonth = useIsInClosedMonth();
  const saving = create.isPending || update.isPending;
  const form = useForm<FormValues>({
    resolver: zodResolver(
      formSchema.superRefine((value, context) => {
        if (isInClosedMonth(value.date)) {
          context.addIssue({ code: 'custom', path: ['date'], message: M.monthClosed });
        }
        if (value.category === 'labour') return;
        const error = amountError(value.amount, project.currency);
        if (error) context.addIssue({ code: 'custom', path: ['amount'], message: error });
      }),
    ),
    defaultValues: {
      date: cost?.date ?? '',
      category: cost?.category ?? 'software',
      description: cost?.description ?? '',
      amount: cost && cost.category !== 'labour' ? amountToDecimal(cost.amount) : '',
      userId: cost?.person?.id ?? '',
      hours: cost?.hours === null || cost?.hours === undefined ? '' : String(cost.hours),
    },
  });
  const { control, handleSubmit, formState } = form;
  const { errors } = formState;
  const category = useWatch({ control, name: 'category' });
  // Said as soon as a day of a closed month is chosen, not first at Save.
  const closedMonth = isInClosedMonth(useWatch({ control, name: 'date' }));
  const dateError = errors.date?.message ?? (closedMonth ? M.monthClosed : undefined);

  const submit = handleSubmit((values) => {
    const base = { date: values.date, description: values.description };
    const input =
      values.category === 'labour'
        ? {
            ...base,
            category: 'labour' as const,
            userId: values.userId,
            hours: Number(values.hours),
          }
        : {
            ...base,
            category: values.category,
            amount: {
              amount: toMinor(values.amount, project.currency),
              currency: project.currency,
            },
          };
    const handlers = {
      onSuccess: () => {
        toast.success(cost ? 'The cost has been changed.' : 'The cost has been added.');
        form.reset();
        onOpenChange(false);
      },
      onError: (error: unknown) => {
        if (isApiError(error, 409) && error.message === M.monthClosed) {
          // Closed since the dialog opened: said at the date, where the fix is, not in a toast
          // behind the dialog (the closed months are loaded again with the rest).
          form.setError('date', { type: 'server', message: M.monthClosed }, { shouldFocus: true });
          return;
        }
        setServerFieldErrors(form, error, ['date', 'description', 'amount', 'userId', 'hours']);
        toast.error(getErrorMessage(error));
      },
    };
    if (cost) update.mutate({ id: cost.id, input }, handlers);
    else create.mutate({ projectId: project.id, input }, handlers);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={cost ? 'Edit cost' : 'Add cost'}
      finalFocus={finalFocus}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <FormDateField control={control} name="date" label="Date" error={dateError} />
        <LiveStatus message={closedMonth ? M.monthClosed : ''} />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <Dropdown
              label="Category"
              options={CATEGORY_OPTIONS}
              value={field.value}
              onChange={(value: CostCategory) => field.onChange(value)}
              error={errors.category?.message}
            />
          )}
        />
        <Input
          label="Description"
          {...registerTrimmed(form, 'description')}
          error={errors.description?.message}
        />
        {category === 'labour' ? (
          <>
            <Controller
              control={control}
              name="userId"
              render={({ field }) => (
                <PersonPicker
                  ref={field.ref}
                  label="Person"
                  current={cost?.person}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.userId?.message}
                />
              )}
            />
            <Input
              label="Hours"
              inputMode="decimal"
              {...registerTrimmed(form, 'hours')}
              error={errors.hours?.message}
              description="Priced at the person's cost rate on that day."
            />
          </>
        ) : (
          <Input
            label={`Amount (${project.currency})`}
            inputMode="decimal"
            {...registerTrimmed(form, 'amount')}
            error={errors.amount?.message}
          />
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={saving}>
            {cost ? 'Save cost' : 'Add cost'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
