/** The create/edit dialog frame, as a user sees it: validation, a busy save, the server's field errors. */
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '#web/lib/api-client.ts';
import { renderWithApp } from '../testing/render.tsx';
import { EntityDialog } from './EntityDialog.tsx';

const fruitBody = z.object({
  name: z.string().trim().min(1),
  code: z.string().regex(/^[A-Z]{3}$/, 'Code is 3 capitals'),
});
type FruitBody = z.output<typeof fruitBody>;
type Save = (values: FruitBody, onError: (error: Error) => void) => void;

function FruitDialog({
  onSave,
  onClose = () => {},
  pending = false,
}: {
  onSave: Save;
  onClose?: () => void;
  pending?: boolean;
}) {
  const form = useForm<z.input<typeof fruitBody>, unknown, FruitBody>({
    resolver: zodResolver(fruitBody),
    defaultValues: { name: '', code: '' },
  });
  const { errors } = form.formState;
  return (
    <EntityDialog
      titleId="fruit-dialog-title"
      title="Create Fruit"
      form={form}
      onSave={onSave}
      onClose={onClose}
      pending={pending}
      submitLabel="Create"
      canSubmit={!!(form.watch('name') ?? '').trim()}
    >
      <TextField
        label="Fruit Name"
        error={!!errors.name}
        helperText={errors.name?.message}
        {...form.register('name')}
      />
      <TextField label="Code" error={!!errors.code} helperText={errors.code?.message} {...form.register('code')} />
    </EntityDialog>
  );
}

describe('EntityDialog', () => {
  it('is named by its title; Create stays disabled while the required field is blank', async () => {
    const { user } = renderWithApp(<FruitDialog onSave={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Fruit' });
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Fruit Name'), '   ');
    expect(create.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Fruit Name'), 'Mango');
    expect(create.disabled).toBe(false);
  });

  it('validates in the browser: the message shows on its field and nothing is saved', async () => {
    const onSave = vi.fn();
    const { user } = renderWithApp(<FruitDialog onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Fruit' });
    await user.type(within(dialog).getByLabelText('Fruit Name'), 'Mango');
    await user.type(within(dialog).getByLabelText('Code'), 'mg');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Code is 3 capitals')).toBeTruthy();
    expect(within(dialog).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves the parsed values, and puts a refused save’s field errors on the fields', async () => {
    const onSave = vi.fn<Save>((_values, onError) =>
      onError(new ApiError(409, 'CONFLICT', 'Fruit exists', [{ path: 'name', message: 'Fruit name already exists' }])),
    );
    const { user } = renderWithApp(<FruitDialog onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: 'Create Fruit' });
    await user.type(within(dialog).getByLabelText('Fruit Name'), '  Mango ');
    await user.type(within(dialog).getByLabelText('Code'), 'MGO');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0]).toEqual({ name: 'Mango', code: 'MGO' });
    expect(await within(dialog).findByText('Fruit name already exists')).toBeTruthy();
    expect(within(dialog).getByLabelText('Fruit Name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Code').getAttribute('aria-invalid')).toBe('false');
  });

  it('while saving: both buttons are disabled and Escape does not close it', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(<FruitDialog onSave={vi.fn()} onClose={onClose} pending />);
    const dialog = screen.getByRole('dialog', { name: 'Create Fruit' });
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with Cancel or Escape when idle', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(<FruitDialog onSave={vi.fn()} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
