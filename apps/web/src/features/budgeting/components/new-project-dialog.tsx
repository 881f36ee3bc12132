import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUDGETING_MESSAGES as M,
  CURRENCY_CODES,
  projectFields,
  dateFieldSchema,
  type Project,
} from '@staff-admin/shared';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { FormDateField } from '../../../components/ui/form-date-field.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { SearchableDropdown } from '../../../components/ui/searchable-dropdown.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { registerTrimmed, setServerFieldErrors, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useCreateProject } from '../api/create-project.js';
import { amountError, amountTextSchema, toMinor } from './money-text.js';
import { PersonPicker } from './person-picker.js';

/** The usual currencies first, then every ISO 4217 code. */
const FIRST_CURRENCIES = ['GBP', 'EUR', 'USD'];
const CURRENCY_OPTIONS = [
  ...FIRST_CURRENCIES,
  ...CURRENCY_CODES.filter((code) => !FIRST_CURRENCIES.includes(code)),
].map((code) => ({ value: code, label: code }));

const formSchema = z
  .object({
    code: projectFields.code,
    name: projectFields.name,
    client: projectFields.client,
    currency: projectFields.currency,
    startDate: dateFieldSchema(),
    ownerId: z.string().min(1, { error: M.ownerRequired }),
    endDate: z.union([z.literal(''), dateFieldSchema()]),
    budget: amountTextSchema,
  })
  .superRefine((value, context) => {
    const error = amountError(value.budget, value.currency);
    if (error) context.addIssue({ code: 'custom', path: ['budget'], message: error });
    if (value.endDate && value.endDate < value.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: M.endBeforeStart });
    }
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const FIELDS = ['code', 'name', 'client', 'currency', 'startDate', 'endDate', 'ownerId'] as const;

interface NewProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (project: Project) => void;
}

/** A project with its first budget: code, name, client, currency, dates, owner and budget. */
export function NewProjectDialog({ open, onOpenChange, onCreated }: NewProjectDialogProps) {
  const create = useCreateProject();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      code: '',
      name: '',
      client: '',
      currency: 'GBP',
      startDate: '',
      endDate: '',
      ownerId: '',
      budget: '',
    },
  });
  const { control, handleSubmit, formState } = form;
  const { errors } = formState;

  const submit = handleSubmit((values) => {
    create.mutate(
      {
        code: values.code,
        name: values.name,
        client: values.client,
        currency: values.currency,
        startDate: values.startDate,
        endDate: values.endDate || null,
        ownerId: values.ownerId,
        budget: { amount: toMinor(values.budget, values.currency), currency: values.currency },
      },
      {
        onSuccess: (project) => {
          toast.success(`Project ${project.code} created.`);
          form.reset();
          onCreated(project);
        },
        onError: (error) => {
          setServerFieldErrors(form, error, [...FIELDS, 'budget']);
          toast.error(getErrorMessage(error));
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New project">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Code"
            {...registerTrimmed(form, 'code')}
            error={errors.code?.message}
            description="e.g. ACME-WEB"
          />
          <Input label="Name" {...registerTrimmed(form, 'name')} error={errors.name?.message} />
          <Input
            label="Client"
            {...registerTrimmed(form, 'client')}
            error={errors.client?.message}
          />
          <Controller
            control={control}
            name="ownerId"
            render={({ field }) => (
              <PersonPicker
                ref={field.ref}
                label="Owner"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.ownerId?.message}
              />
            )}
          />
          <FormDateField control={control} name="startDate" label="Start date" />
          <FormDateField control={control} name="endDate" label="End date (optional)" />
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <SearchableDropdown
                label="Currency"
                options={CURRENCY_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.currency?.message}
              />
            )}
          />
          <Input
            label="Budget"
            inputMode="decimal"
            {...registerTrimmed(form, 'budget')}
            error={errors.budget?.message}
            description="In the project's currency, e.g. 12500.50"
          />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            Create project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
