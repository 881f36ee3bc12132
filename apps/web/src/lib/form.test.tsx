import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Dropdown } from '../components/ui/dropdown.js';
import { Input } from '../components/ui/input.js';
import { useForm } from './form.js';

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
