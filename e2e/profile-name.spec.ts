import { expect, test } from './fixtures';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';

// One login at the nuts shop (SMS limits: 3 per 10 minutes per address and shop; no other test logs in there).
test('Scenario: an empty name on the profile page gets the profile wording of spec §5, not the registration one', async ({ page }) => {
  await shopApi(page, 'nuts').register('09391110101', 'رضا کاظمی');
  await page.goto(`${shopUrl('nuts')}profile/information`);
  const name = page.getByLabel('نام و نام خانوادگی');
  await expect(name).toHaveValue('رضا کاظمی');
  await name.fill('');
  await page.getByRole('radio', { name: 'مرد' }).check();
  await page.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.locator('#profile-name-helper-text')).toHaveText('وارد کردن نام و نام خانوادگی اجباری است');

  await page.getByTestId('language-switch').first().click();
  await expect(page.locator('#profile-name-helper-text')).toHaveText('Your full name is required');
});
