import { zodResolver } from '@hookform/resolvers/zod';
import {
  BUDGETING_MESSAGES as M,
  CURRENCY_CODES,
  dateFieldSchema,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  projectFields,
} from '@staff-admin/shared';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { FormDateField } from '../../../components/ui/form-date-field.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Dropdown } from '../../../components/ui/dropdown.js';
import { Input } from '../../../components/ui/input.js';
import { SearchableDropdown } from '../../../components/ui/searchable-dropdown.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { registerTrimmed, setServerFieldErrors, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useUpdateProject } from '../api/update-project.js';
import { PersonPicker } from './person-picker.js';
import type { ProjectDialogProps } from './project-dialog-props.js';

const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code }));
const STATUS_OPTIONS = PROJECT_STATUSES.map((value) => ({
  value,
  label: PROJECT_STATUS_LABELS[value],
}));

const formSchema = z
  .object({
    code: projectFields.code,
    name: projectFields.name,
    client: projectFields.client,
    currency: projectFields.currency,
    startDate: dateFieldSchema(),
    endDate: z.union([z.literal(''), dateFieldSchema()]),
    ownerId: z.string().min(1, { error: M.ownerRequired }),
    status: z.enum(PROJECT_STATUSES),
  })
  .refine((value) => !value.endDate || value.endDate >= value.startDate, {
    error: M.endBeforeStart,
    path: ['endDate'],
  });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const FIELDS = ['code', 'name', 'client', 'currency', 'startDate', 'endDate', 'ownerId'] as const;

/** Changes a project; its currency is fixed once it has costs (the field says why). */
export function EditProjectDialog({ project, open, onOpenChange }: ProjectDialogProps) {
  const update = useUpdateProject();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      code: project.code,
      name: project.name,
      client: project.client,
      currency: project.currency,
      startDate: project.startDate,
      endDate: project.endDate ?? '',
      ownerId: project.owner?.id ?? '',
      status: project.status,
    },
  });
  const { errors } = form.formState;
  const currencyFixed = project.costCount > 0;

  const submit = form.handleSubmit((values) => {
    update.mutate(
      {
        id: project.id,
        ...values,
        endDate: values.endDate || null,
        ...(currencyFixed ? { currency: undefined } : {}),
      },
      {
        onSuccess: () => {
          toast.success('The project has been saved.');
          onOpenChange(false);
        },
        onError: (error) => {
          setServerFieldErrors(form, error, FIELDS);
          toast.error(getErrorMessage(error));
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit project">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Code" {...registerTrimmed(form, 'code')} error={errors.code?.message} />
          <Input label="Name" {...registerTrimmed(form, 'name')} error={errors.name?.message} />
          <Input
            label="Client"
            {...registerTrimmed(form, 'client')}
            error={errors.client?.message}
          />
          <Controller
            control={form.control}
            name="ownerId"
            render={({ field }) => (
              <PersonPicker
                ref={field.ref}
                label="Owner"
                current={project.owner}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.ownerId?.message}
              />
            )}
          />
          <FormDateField control={form.control} name="startDate" label="Start date" />
          <FormDateField control={form.control} name="endDate" label="End date (optional)" />
          <Controller
            control={form.control}
            name="currency"
            render={({ field }) => (
              <SearchableDropdown
                label="Currency"
                options={CURRENCY_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={currencyFixed}
                description={currencyFixed ? M.currencyFixed : undefined}
                error={errors.currency?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="status"
            render={({ field }) => (
              <Dropdown
                label="Status"
                options={STATUS_OPTIONS}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={update.isPending}>
            Save project
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
