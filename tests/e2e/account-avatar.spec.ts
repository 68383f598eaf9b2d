// The profile picture: a text file named .png is refused; a JPEG carrying GPS EXIF is stored
// re-encoded, without any EXIF; sign-up's optional picture lands on the new profile.
import sharp from 'sharp';
import { test, expect, expectAccessible, uniqueEmail } from './support/fixtures.ts';
import type { E2eServer } from './support/fixtures.ts';
import { createAccount, profileMenuButton, serverProfile, signInWithUi, toast } from './account-support.ts';

async function jpegWithGps(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'FeteCam', Model: 'Carnival 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 39/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '61/1 31/1 0/1' },
    })
    .toBuffer();
  const meta = await sharp(jpeg).metadata();
  // The test image really carries the location it must lose.
  expect(meta.exif?.toString('latin1')).toContain('FeteCam');
  return jpeg;
}

/** The picture the server's copy of the profile points at, once it has synced. */
async function storedAvatar(server: E2eServer, userId: string): Promise<Buffer> {
  let avatar = '';
  await expect
    .poll(async () => {
      const p = await serverProfile(server, userId);
      avatar = typeof p?.avatar_url === 'string' ? p.avatar_url : '';
      return avatar;
    }, { timeout: 20_000 })
    .not.toBe('');
  const url = /^https?:/.test(avatar) ? avatar : `${server.url}/uploads/avatars/${avatar}`;
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

test('a text file is refused; a JPEG with GPS is stored without EXIF', async ({ page, server }) => {
  const account = await createAccount(server, 'avatar');
  await signInWithUi(page, account.email, account.password);
  await page.goto('/settings/profile');
  const input = page.getByLabel('Profile picture');
  await expect(input).toBeVisible();
  await expectAccessible(page, 'settings profile with picture');

  // Declared as an image, the bytes are text: the server's check refuses it.
  const refusal = page.getByRole('alert').filter({ hasText: 'Please upload an image file' });
  await input.setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('these are not the pixels you are looking for\n'.repeat(20)) });
  await expect(refusal).toBeVisible();
  // Not declared as an image at all: refused before upload.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(refusal).toBeVisible();
  // Said once, at the field: no toast repeats it.
  await expect(refusal).toHaveCount(1);
  await expect(toast(page, 'Please upload an image file')).toHaveCount(0);
  expect((await serverProfile(server, account.userId))?.avatar_url || null).toBeNull();

  await input.setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() });
  await expect(toast(page, 'Profile picture updated successfully')).toBeVisible();

  const stored = await storedAvatar(server, account.userId);
  const meta = await sharp(stored).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.exif).toBeUndefined();
  expect(stored.toString('latin1')).not.toContain('FeteCam');
  // The menu shows the new picture.
  await expect(profileMenuButton(page).locator('img')).toHaveCount(1);
});

test('the picture chosen at sign-up lands on the new profile', async ({ page, server }) => {
  const email = uniqueEmail('signup-avatar');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Pic');
  await page.getByLabel('Last name').fill('Ture');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Next' }).click();
  const picker = page.getByLabel('Profile picture (optional)');
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
  await expect(page.locator('.field__error').filter({ hasText: 'Please upload an image file' })).toBeVisible();
  await picker.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpegWithGps() });
  await expect(page.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
  await page.getByLabel('Territory').selectOption('Grenada');
  await page.getByLabel('Locality').fill("St. George's");
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(profileMenuButton(page)).toBeVisible();
  await expect(toast(page, 'Profile picture updated successfully')).toBeVisible({ timeout: 20_000 });

  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('fete-session-user') ?? '{}') as { id?: string }).id ?? '');
  expect(userId).not.toBe('');
  const stored = await storedAvatar(server, userId);
  expect((await sharp(stored).metadata()).exif).toBeUndefined();
});
