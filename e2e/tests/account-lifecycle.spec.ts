import {
  apiToken,
  createUser,
  expect,
  expectAccessible,
  invite,
  signIn,
  test,
  uniqueEmail,
} from '../support/fixtures';
import { linkIn, mailTo, waitForMail } from '../support/mailbox';

const NEW_PASSWORD = 'Fresh!Start42';

test('an invited person sets up their account from the mailed link and is signed in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('invitee');
  await invite(request, [{ email, fullName: 'Ivy Invitee', position: 'project_manager' }]);

  const mail = await waitForMail(email);
  await page.goto(linkIn(mail, 'accept-invitation'));

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please enter password.')).toBeVisible();
  await expect(page.getByText('Please enter confirm password.')).toBeVisible();

  await page.getByLabel('Create password').fill('weak');
  await page.getByLabel('Confirm password').fill('weak');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText(
      'Please enter at least 8 characters, including a uppercase letter, lowercase letter, number and special character.',
    ),
  ).toBeVisible();

  await page.getByLabel('Create password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText("Password don't match.")).toBeVisible();

  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('You have successfully registered and logged in.')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/profile$/);
  await expect(page.getByText(email).first()).toBeVisible();
  await expectAccessible(page);

  // The link is used up.
  await page.evaluate(() => localStorage.clear());
  await page.goto(linkIn(mail, 'accept-invitation'));
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Invalid token.')).toBeVisible();
});

test('a resent invitation makes the older link invalid', async ({ page, request }) => {
  const email = uniqueEmail('resend');
  await invite(request, [{ email, position: 'contractor' }]);
  const first = await waitForMail(email, 1);
  const response = await request.post('/api/users/resend', {
    headers: { authorization: await apiToken(request) },
    data: { email },
  });
  expect(response.status()).toBe(200);
  const second = await waitForMail(email, 2);

  await page.goto(linkIn(first, 'accept-invitation'));
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Invalid token.')).toBeVisible();

  await page.goto(linkIn(second, 'accept-invitation'));
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('a setup or reset link without a token goes to login', async ({ page }) => {
  await page.goto('/auth/accept-invitation');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/auth/reset-password');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/auth/reset-password?token=not-a-real-token');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByText('Invalid token.')).toBeVisible();
});

test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
  const user = await createUser({ fullName: 'Fergus Forgetful' });

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Request reset link' }).click();
  await expect(page.getByText('Please enter email.')).toBeVisible();

  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Request reset link' }).click();
  await expect(
    page.getByText('Check your email! The reset password email has already been resent.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  const mail = await waitForMail(user.email);
  await page.goto(linkIn(mail, 'reset-password'));
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Please enter new password.')).toBeVisible();
  await expect(page.getByText('Please enter confirm password.')).toBeVisible();

  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await expect(page).toHaveURL(/\/users\/profile$/);

  const oldLogin = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(oldLogin.status()).toBe(400);
  await apiToken(request, { email: user.email, password: NEW_PASSWORD });
});

test('asking for an unknown address answers the same and sends nothing', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ghost');
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request reset link' }).click();
  await expect(
    page.getByText('Check your email! The reset password email has already been resent.'),
  ).toBeVisible();
  // A reset asked for a known address afterwards: the outbox goes out oldest first, one by one,
  // so once its mail is here, a mail to the unknown address would have arrived before it.
  const known = await createUser();
  const asked = await request.post('/api/users/forgot-password', { data: { email: known.email } });
  expect(asked.status()).toBe(200);
  await waitForMail(known.email);
  expect(await mailTo(email)).toHaveLength(0);
});

test('Back to log in goes back in history', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByRole('button', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a signed-in user changes their password', async ({ page, request }) => {
  const user = await createUser({ fullName: 'Chang Changer' });
  await signIn(page, user);
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/users\/profile\/change-password$/);
  await expectAccessible(page);

  await page.getByLabel('Current password').fill('Not!theRight1');
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password is invalid.')).toBeVisible();

  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/users\/profile$/);
  await apiToken(request, { email: user.email, password: NEW_PASSWORD });
  await waitForMail(user.email);
});
