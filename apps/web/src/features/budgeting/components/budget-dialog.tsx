import { BUDGETING_MESSAGES as M, BUDGET_REASON_MAX_LENGTH } from '@staff-admin/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/ui/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { getErrorMessage } from '../../../lib/api-error.js';
import { registerTrimmed, useForm } from '../../../lib/form.js';
import { toast } from '../../../lib/toast.js';
import { useReviseBudget } from '../api/revise-budget.js';
import { amountError, toMinor } from './money-text.js';
import type { ProjectDialogProps } from './project-dialog-props.js';

/** A new budget with its reason; the old one stays in the history. */
export function BudgetDialog({ project, open, onOpenChange }: ProjectDialogProps) {
  const revise = useReviseBudget();
  const schema = z
    .object({
      amount: z.string().trim(),
      reason: z
        .string()
        .trim()
        .min(1, { error: M.reasonRequired })
        .max(BUDGET_REASON_MAX_LENGTH, { error: M.textTooLong }),
    })
    .superRefine((value, context) => {
      const error = amountError(value.amount, project.currency);
      if (error) context.addIssue({ code: 'custom', path: ['amount'], message: error });
    });
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', reason: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    revise.mutate(
      {
        projectId: project.id,
        input: {
          amount: { amount: toMinor(values.amount, project.currency), currency: project.currency },
          reason: values.reason,
        },
      },
      {
        onSuccess: () => {
          toast.success('The budget has been revised.');
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Revise budget">
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Input
          label={`New budget (${project.currency})`}
          inputMode="decimal"
          {...registerTrimmed(form, 'amount')}
          error={errors.amount?.message}
        />
        <Input label="Reason" {...registerTrimmed(form, 'reason')} error={errors.reason?.message} />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={revise.isPending}>
            Revise budget
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
