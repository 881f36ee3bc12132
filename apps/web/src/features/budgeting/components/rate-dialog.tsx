import { zodResolver } from '@hookform/resolvers/zod';
import { BUDGETING_MESSAGES as M, dateFieldSchema } from '@staff-admin/shared';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { FormDateField } from '../../../components/ui/form-date-field.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { registerTrimmed, setServerFieldErrors, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useAddCostRate } from '../api/cost-rates.js';
import { amountError, toMinor } from './money-text.js';
import { PersonPicker } from './person-picker.js';

/** A person's hourly cost in a currency from a day on; recorded labour keeps its old rate. */
export function RateDialog({
  currency,
  open,
  onOpenChange,
}: {
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddCostRate();
  const schema = z
    .object({
      userId: z.string().min(1, { error: M.personRequired }),
      rate: z.string().trim(),
      validFrom: dateFieldSchema(),
    })
    .superRefine((value, context) => {
      const error = amountError(value.rate, currency);
      if (error) context.addIssue({ code: 'custom', path: ['rate'], message: error });
    });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { userId: '', rate: '', validFrom: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    add.mutate(
      {
        userId: values.userId,
        rate: { amount: toMinor(values.rate, currency), currency },
        validFrom: values.validFrom,
      },
      {
        onSuccess: () => {
          toast.success('The cost rate has been added.');
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => {
          setServerFieldErrors(form, error, ['userId', 'validFrom']);
          toast.error(getErrorMessage(error));
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add cost rate">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="userId"
          render={({ field }) => (
            <PersonPicker
              ref={field.ref}
              label="Person"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.userId?.message}
            />
          )}
        />
        <Input
          label={`Hourly rate (${currency})`}
          inputMode="decimal"
          {...registerTrimmed(form, 'rate')}
          error={errors.rate?.message}
        />
        <FormDateField control={form.control} name="validFrom" label="Valid from" />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={add.isPending}>
            Add rate
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
