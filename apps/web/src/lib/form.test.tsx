import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Dropdown } from '../components/ui/dropdown.js';
import { Input } from '../components/ui/input.js';
import { showFieldRefusal, useForm } from './form.js';
import { toast } from './toast.js';

const schema = z.object({
  name: z.string().min(1, { error: 'Please enter a name.' }),
  role: z.string().min(1, { error: 'Please choose a role.' }),
  note: z.string().min(1, { error: 'Please enter a note.' }),
});

/** Name is registered first but drawn last; Role is a dropdown whose ref the form never gets. */
function RoleForm({ onValid }: { onValid: () => void }) {
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', role: '', note: '' },
  });
  const { errors } = form.formState;
  const name = form.register('name');
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <Dropdown
            label="Role"
            options={[{ value: 'admin', label: 'Admin' }]}
            value={field.value}
            onChange={field.onChange}
            error={errors.role?.message}
          />
        )}
      />
      <Input label="Note" {...form.register('note')} error={errors.note?.message} />
      <Input label="Name" {...name} error={errors.name?.message} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useForm: a failed submit focuses the first invalid field in reading order', () => {
  it('focuses a dropdown the form holds no ref of, before the text fields', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<RoleForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role' })).toHaveFocus());
    expect(onValid).not.toHaveBeenCalled();
  });

  it('goes by the page, not by the order fields were registered in', async () => {
    const user = userEvent.setup();
    render(<RoleForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Note')).toHaveFocus());
  });
});

/** A one-field form whose submit fails with `error`, handed to showFieldRefusal. */
function CodeForm({ error }: { error: unknown }) {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const submit = form.handleSubmit(() => showFieldRefusal(form.setError, 'code', error, [400]));
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Input label="Code" {...form.register('code')} error={form.formState.errors.code?.message} />
      <button type="submit">Confirm</button>
    </form>
  );
}

describe('showFieldRefusal', () => {
  it('puts a refused value’s message under its field and focuses it', async () => {
    const user = userEvent.setup();
    const refused = { code: 400, message: 'Bad request.', errors: { code: 'Wrong code.' } };
    render(<CodeForm error={refused} />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const field = screen.getByLabelText('Code');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Wrong code.'));
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('uses the error’s message when the field has none, and toasts any other failure', async () => {
    const user = userEvent.setup();
    const toastError = vi.spyOn(toast, 'error');
    const { unmount } = render(<CodeForm error={{ code: 400, message: 'Code expired.' }} />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Code expired.')).toBeInTheDocument();
    unmount();

    render(<CodeForm error={{ code: 409, message: 'Already on.' }} />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Already on.'));
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
