import type { User } from '@staff-admin/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { choosePicture } from '../../../features/profile/testing/choose-picture.js';
import { createUser } from '../../../testing/data.js';
import {
  answer,
  apiError,
  gate,
  findToast,
  findToasts,
  type RecordedCall,
} from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';
import { API, server } from '../../../testing/server.js';

const OLD_PICTURE = '/api/files/users/old.png';
const NEW_PICTURE = '/api/files/users/new.png';

function fact(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

/**
 * Signs `me` in with a profile endpoint that remembers what PATCH /users/profile saved, as the
 * server does, so a refetch after saving returns the saved record.
 */
function renderOwnProfile(overrides: Partial<User> = {}) {
  let current = createUser({
    email: 'alice@example.com',
    fullName: 'Alice Smith',
    position: 'project_manager',
    createdAt: '2025-03-04T15:05:00.000Z',
    invitedBy: { id: 'admin-id', fullName: 'Grace Hopper' },
    ...overrides,
  });
  const view = renderApp('/users/profile', { user: current });
  server.use(http.get(`${API}/users/profile`, () => HttpResponse.json({ data: current })));
  const patches = answer('patch', '/users/profile', ({ body }) => {
    current = { ...current, ...(body as Partial<User>) };
    return HttpResponse.json({ data: current });
  });
  return { ...view, patches };
}

function answerUpload(respond?: (call: RecordedCall) => Response) {
  return answer(
    'post',
    '/uploads',
    respond ??
      (({ body }) => {
        const file = (body as FormData).get('file') as File;
        return HttpResponse.json(
          { data: { path: NEW_PICTURE, originalName: file.name, size: file.size } },
          { status: 201 },
        );
      }),
  );
}

const pictureAvatar = () =>
  within(screen.getByRole('button', { name: 'Change picture' })).getByTestId('avatar');
const headerMenu = () => within(screen.getByRole('banner')).getByRole('button', { name: /@/ });
const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

/** Opens Change picture's menu: the menu, and the names of its choices in order. */
async function openPictureMenu(user: { click: (element: Element) => Promise<void> }) {
  await user.click(await screen.findByRole('button', { name: 'Change picture' }));
  const menu = await screen.findByRole('menu');
  const choices = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  return { menu, choices };
}
const png = (name = 'me.png', bytes = 1024) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

async function saveAndConfirm(user: ReturnType<typeof renderApp>['user']) {
  await user.click(saveButton());
  const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to save changes?' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes, save' }));
}

describe('own profile', () => {
  it('shows the record: email read-only, role fixed, name editable, status and record facts', async () => {
    renderOwnProfile();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile setting' }),
    ).toBeInTheDocument();

    expect(screen.getByLabelText('Email')).toHaveValue('alice@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Project manager');
    expect(role).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Alice Smith');

    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(fact('Status')).toHaveTextContent('Active');
    expect(fact('Record date')).toHaveTextContent(/^04\/03\/2025 at 03:05 PM$/);
    expect(fact('Recorded by')).toHaveTextContent('Grace Hopper');
    expect(screen.getByText(/A square picture \(1:1 ratio\) is advised\./)).toBeVisible();
  });

  it('offers Change Password and Save changes only', async () => {
    const { user, router } = renderOwnProfile();
    await screen.findByRole('heading', { level: 1, name: 'Profile setting' });
    for (const name of ['Delete', 'Resend invitation', 'Reset Password']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    await user.click(screen.getByRole('link', { name: 'Change Password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change password' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users/profile/change-password');
  });

  it('shows dashes for what the record lacks', async () => {
    renderOwnProfile({ fullName: null, invitedBy: null, createdAt: '' });
    await screen.findByRole('heading', { level: 1, name: 'Profile setting' });
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('');
    expect(fact('Record date')).toHaveTextContent(/^-$/);
    expect(fact('Recorded by')).toHaveTextContent(/^-$/);
  });

  it('keeps Save changes disabled until something changes', async () => {
    const { user } = renderOwnProfile();
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    await user.type(name, 'x');
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
    await user.type(name, '{Backspace}');
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks for a full name before anything else', async () => {
    const { user, patches } = renderOwnProfile();
    await user.clear(await screen.findByRole('textbox', { name: 'Full name' }));
    await user.click(saveButton());
    expect(await screen.findByText('Please enter full name')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(
      'Please enter full name',
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('asks before saving; Cancel saves nothing', async () => {
    const { user, patches } = renderOwnProfile();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), ' Jr');
    await user.click(saveButton());

    const dialog = await screen.findByRole('alertdialog', { name: 'Do you want to save changes?' });
    expect(dialog).toHaveAccessibleDescription('All changes cannot be undone.');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Yes, save']);
    expect(dialog).toHaveStyle({ maxWidth: '560px' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(patches).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Alice Smith Jr');
  });

  it('saves the trimmed name, says so, and the header shows it without a reload', async () => {
    const { user, patches } = renderOwnProfile();
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    await user.clear(name);
    await user.type(name, '  Alice Cooper  ');
    await saveAndConfirm(user);

    expect(await findToast('Your changes have been saved.')).toBeVisible();
    expect(patches.map((call) => call.body)).toEqual([{ fullName: 'Alice Cooper' }]);
    await waitFor(() => expect(headerMenu()).toHaveTextContent('Alice Cooper'));
    expect(name).toHaveValue('Alice Cooper');
    expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the server message when saving fails', async () => {
    const { user } = renderOwnProfile();
    answer('patch', '/users/profile', () =>
      apiError(400, 'Some fields are invalid', {
        fullName: 'Please enter at most 100 characters.',
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'x');
    await saveAndConfirm(user);
    expect(await findToast('Some fields are invalid')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAccessibleDescription(
      'Please enter at most 100 characters.',
    );
    expect(saveButton()).not.toHaveAttribute('aria-disabled');
  });

  describe('picture', () => {
    it('offers Upload picture only, when there is no picture', async () => {
      const { user } = renderOwnProfile();
      const { choices } = await openPictureMenu(user);
      expect(choices).toEqual(['Upload picture']);
    });

    it('opens the file chooser from Upload picture', async () => {
      const { user } = renderOwnProfile();
      const input = await screen.findByLabelText('Picture file');
      expect(input).toHaveAttribute('type', 'file');
      expect(input).toHaveAttribute('accept', '.png,.jpg,.jpeg,image/png,image/jpeg');
      const choose = vi.spyOn(input as HTMLInputElement, 'click');
      await user.click(screen.getByRole('button', { name: 'Change picture' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Upload picture' }));
      expect(choose).toHaveBeenCalledOnce();
    });

    it.each([
      ['a file of another type', png('me.gif'), 'File type must be .png, .jpg, .jpeg'],
      ['a file over 5 MB', png('me.jpeg', 5 * 1024 * 1024 + 1), 'File size must be less than 5 MB'],
    ])('refuses %s before uploading', async (_, file, message) => {
      const { patches } = renderOwnProfile();
      const uploads = answerUpload();
      fireEvent.change(await screen.findByLabelText('Picture file'), { target: { files: [file] } });

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(pictureAvatar().querySelector('img')).toBeNull();
      expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
      expect(uploads).toEqual([]);
      expect(patches).toEqual([]);
    });

    it('previews the chosen picture, uploads it on save, then saves its path', async () => {
      const { user, patches } = renderOwnProfile();
      const uploads = answerUpload();
      // What the site puts in the upload form, read where it is put: how the body then travels
      // to the mock server depends on the Node line (fetch cannot read jsdom's files on 24).
      const appended = vi.spyOn(FormData.prototype, 'append');
      const chosen = png('holiday.jpg');
      await user.upload(await screen.findByLabelText('Picture file'), chosen);

      await waitFor(() =>
        expect(pictureAvatar().querySelector('img')?.getAttribute('src')).toMatch(
          /^data:image\/png;base64,/,
        ),
      );
      expect(
        screen.getByText('holiday.jpg will be uploaded when you save your changes.'),
      ).toBeVisible();
      expect(uploads).toEqual([]);

      await saveAndConfirm(user);
      expect(await findToast('Your changes have been saved.')).toBeVisible();
      expect(uploads).toHaveLength(1);
      expect(uploads[0]?.url.searchParams.get('dir')).toBe('users');
      expect(uploads[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
      expect(appended.mock.calls).toEqual([['file', chosen]]);
      expect(chosen.size).toBe(1024);
      expect(patches.map((call) => call.body)).toEqual([
        { fullName: 'Alice Smith', imageUrl: NEW_PICTURE },
      ]);
      await waitFor(() =>
        expect(within(headerMenu()).getByTestId('avatar').querySelector('img')).toHaveAttribute(
          'src',
          NEW_PICTURE,
        ),
      );
      expect(pictureAvatar().querySelector('img')).toHaveAttribute('src', NEW_PICTURE);
    });

    it('shows upload progress while the picture goes up', async () => {
      const { user } = renderOwnProfile();
      const held = gate();
      server.use(
        http.post(`${API}/uploads`, async () => {
          await held.opened;
          return HttpResponse.json(
            { data: { path: NEW_PICTURE, originalName: 'a.png', size: 1 } },
            { status: 201 },
          );
        }),
      );
      await choosePicture(user, png());
      await saveAndConfirm(user);

      const progress = await screen.findByRole('progressbar', { name: 'Uploading picture' });
      expect(progress).toHaveAttribute('aria-valuemin', '0');
      expect(progress).toHaveAttribute('aria-valuemax', '100');
      expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
      held.open();
      await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    });

    it('keeps the stored picture when the upload fails, and still saves the rest', async () => {
      const { user, patches } = renderOwnProfile({ imageUrl: OLD_PICTURE });
      answerUpload(() => apiError(413, 'File size must be less than 5 MB'));
      await choosePicture(user, png());
      await user.type(screen.getByRole('textbox', { name: 'Full name' }), ' Jr');
      await saveAndConfirm(user);

      // Both toasts are raised; the newer one stacks over the older.
      expect(await findToast('Your changes have been saved.')).toBeInTheDocument();
      expect(
        within(await findToasts()).getByText('File size must be less than 5 MB'),
      ).toBeInTheDocument();
      expect(patches.map((call) => call.body)).toEqual([{ fullName: 'Alice Smith Jr' }]);
      expect(pictureAvatar().querySelector('img')).toHaveAttribute('src', OLD_PICTURE);
      expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    });

    it('saves nothing when only the picture changed and its upload fails', async () => {
      const { user, patches } = renderOwnProfile({ imageUrl: OLD_PICTURE });
      answerUpload(() => apiError(415, 'File type must be .png, .jpg, .jpeg'));
      await choosePicture(user, png());
      await saveAndConfirm(user);

      expect(await findToast('File type must be .png, .jpg, .jpeg')).toBeVisible();
      await waitFor(() =>
        expect(pictureAvatar().querySelector('img')).toHaveAttribute('src', OLD_PICTURE),
      );
      expect(patches).toEqual([]);
      expect(
        within(await findToasts()).queryByText('Your changes have been saved.'),
      ).not.toBeInTheDocument();
      expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
    });

    it('deletes the picture on save with Delete picture', async () => {
      const { user, patches } = renderOwnProfile({ imageUrl: OLD_PICTURE });
      const { menu, choices } = await openPictureMenu(user);
      expect(choices).toEqual(['Upload picture', 'Delete picture']);
      await user.click(within(menu).getByRole('menuitem', { name: 'Delete picture' }));

      expect(pictureAvatar()).toHaveTextContent('A');
      expect(pictureAvatar().querySelector('img')).toBeNull();
      await saveAndConfirm(user);
      expect(await findToast('Your changes have been saved.')).toBeVisible();
      expect(patches.map((call) => call.body)).toEqual([
        { fullName: 'Alice Smith', imageUrl: null },
      ]);
      await waitFor(() =>
        expect(within(headerMenu()).getByTestId('avatar').querySelector('img')).toBeNull(),
      );
    });
  });
});
