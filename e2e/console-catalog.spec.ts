import { expect, test } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { shopUrl } from './shops';

// Issue 32, "every customer sees the change at once": the owner, on a phone at the counter, changes a price and
// marks an item finished in the console; a customer whose storefront is already open sees both on their next read
// (a navigation inside the SPA, no reload), cannot add the finished item, and their cart shows the new price with
// the server's notice. The owner then adds a priced extra to the salad: the customer's item page offers it and the
// cart's total includes it.

const consoleUrl = (slug: string) => `http://${slug}.localhost:${E2E_PORT}/order/console/`;

test('Scenario: the owner changes a price and marks an item finished in the console at 390 px; the customer\'s open storefront shows both on its next read and cannot add the finished item', async ({ browser, page }) => {
  // The customer opens the starters and puts a Shirazi salad in the cart (as a guest).
  await page.goto(shopUrl('kebab'));
  await page.getByTestId('home').getByRole('link', { name: 'پیش‌غذا', exact: true }).first().click();
  const list = page.getByTestId('category-page');
  await expect(list.getByRole('heading', { level: 1, name: 'پیش‌غذا' })).toBeVisible();
  const salad = list.getByTestId('item-card').filter({ hasText: 'سالاد شیرازی' });
  const fries = list.getByTestId('item-card').filter({ hasText: 'سیب‌زمینی سرخ‌کرده' });
  await expect(salad).toContainText('۴۵٬۰۰۰ تومان');
  await expect(fries.getByTestId('item-finished')).toHaveCount(0);
  await salad.click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('selection-ready')).toBeVisible();
  await page.goBack();
  await expect(salad).toBeVisible();

  // The owner, on a phone, opens the catalog.
  const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const owner = await ownerContext.newPage();
  await owner.goto(`${consoleUrl('kebab')}catalog`);
  await owner.getByLabel('نام کاربری').fill('admin');
  await owner.getByLabel('رمز عبور').fill('demo-kebab');
  await owner.getByRole('button', { name: 'ورود' }).click();
  await expect(owner.getByRole('heading', { name: 'کالاها', level: 1 })).toBeVisible();
  // Nothing is wider than the phone.
  expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // One tap: the fries are finished for today.
  const friesSwitch = owner.getByRole('switch', { name: 'سیب‌زمینی سرخ‌کرده موجود است' });
  await friesSwitch.click();
  await expect(friesSwitch).not.toBeChecked();
  await expect(owner.getByTestId('catalog-item').filter({ hasText: 'سیب‌زمینی سرخ‌کرده' }).getByTestId('catalog-item-price')).toContainText('امروز تمام شد');

  // The salad's new price; an empty price is refused beside its field and nothing is sent.
  await owner.getByRole('button', { name: 'ویرایش سالاد شیرازی' }).click();
  const editor = owner.getByTestId('item-editor');
  const price = editor.getByLabel('قیمت (تومان)');
  await expect(price).toHaveValue('45000');
  await price.fill('');
  await editor.getByRole('button', { name: 'ذخیره' }).click();
  await expect(editor.getByText('قیمت را به صورت عدد صحیح، صفر یا بیشتر وارد کنید.')).toBeVisible();
  await price.fill('۵۵۰۰۰');
  await price.press('Enter');
  await expect(owner.getByRole('status')).toHaveText('ذخیره شد: سالاد شیرازی');
  await expect(owner.getByTestId('catalog-item').filter({ hasText: 'سالاد شیرازی' }).getByTestId('catalog-item-price')).toHaveText('۵۵٬۰۰۰ تومان');
  await expect(owner.getByRole('alert')).toHaveCount(0);

  // The customer's open page, on its next read (the item page, then back to the list): finished, no add; the new price.
  await fries.click();
  await expect(page.getByTestId('item-page')).toBeVisible();
  await expect(page.getByTestId('item-finished')).toHaveText('امروز تمام شد');
  await expect(page.getByTestId('add-to-cart')).toBeDisabled();
  await expect(page.getByTestId('add-to-cart')).toHaveText('امروز تمام شد');
  await page.goBack();
  await expect(salad).toContainText('۵۵٬۰۰۰ تومان');
  await expect(salad).not.toContainText('۴۵٬۰۰۰');
  await expect(fries.getByTestId('item-finished')).toHaveText('امروز تمام شد');

  // The cart: the salad at its new price, with the notice once.
  await page.getByRole('link', { name: 'سبد خرید' }).first().click();
  await expect(page.getByTestId('cart-price-notice')).toHaveText('قیمت این کالاها تغییر کرده و سبد خرید با قیمت تازه حساب شد: سالاد شیرازی');
  await expect(page.getByTestId('cart-page')).toContainText('۵۵٬۰۰۰ تومان');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The owner adds a step of breads and a priced extra to the salad; a minimum above the maximum is refused beside its row first.
  await owner.getByRole('button', { name: 'ویرایش سالاد شیرازی' }).click();
  const options = editor.getByTestId('item-options-editor');
  await options.getByRole('button', { name: 'افزودن مرحله' }).click();
  await options.getByLabel('مرحله ۲ (فارسی)').fill('نان');
  await options.getByLabel('مرحله ۲ (انگلیسی)').fill('Bread');
  await options.getByLabel('حداکثر تعداد انتخابی').nth(1).fill('۲');
  await options.getByRole('button', { name: 'افزودن گزینه' }).click();
  await options.getByLabel('مرحلهٔ گزینه ۱').selectOption({ label: 'نان' });
  await options.getByLabel('گزینه ۱ (فارسی)').fill('نان سنگک');
  await options.getByLabel('گزینه ۱ (انگلیسی)').fill('Sangak bread');
  await options.getByLabel('قیمت گزینه ۱ (تومان)').fill('۲۰۰۰۰');
  await options.getByLabel('حداقل تعداد گزینه ۱').fill('3');
  const saveOptions = options.getByRole('button', { name: 'ثبت مرحله‌ها و گزینه‌ها' });
  await saveOptions.click();
  await expect(options.getByText('حداقل و حداکثر هر گزینه عدد صحیح از ۰ به بالاست و حداقل از حداکثر بیشتر نیست.')).toBeVisible();
  await options.getByLabel('حداقل تعداد گزینه ۱').fill('0');
  await options.getByLabel('حداکثر تعداد گزینه ۱').fill('2');
  await saveOptions.click();
  await expect(options.getByTestId('item-extras-saved')).toHaveText('مرحله‌ها و گزینه‌ها ذخیره شد.');
  await expect(owner.getByRole('alert')).toHaveCount(0);
  await editor.getByRole('button', { name: 'لغو' }).click();

  // The customer's next read of the salad offers the bread at its price; one of it puts 55,000 + 20,000 in the cart.
  await page.goBack();
  await salad.click();
  const bread = page.getByTestId('option-row').filter({ hasText: 'نان سنگک' });
  await expect(bread).toContainText('۲۰٬۰۰۰ تومان');
  await bread.getByTestId('option-up').click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('selection-ready')).toBeVisible();
  await page.getByTestId('view-cart').click();
  await expect(page.getByTestId('cart-total')).toHaveText('۱۳۰٬۰۰۰ تومان');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Back as they were, for the suite's other scenarios.
  await friesSwitch.click();
  await expect(friesSwitch).toBeChecked();
  await owner.getByRole('button', { name: 'ویرایش سالاد شیرازی' }).click();
  await options.getByRole('button', { name: 'حذف گزینه ۱' }).click();
  await options.getByRole('button', { name: 'حذف مرحله ۲' }).click();
  await saveOptions.click();
  await expect(options.getByTestId('item-extras-saved')).toBeVisible();
  await price.fill('45000');
  await price.press('Enter');
  await expect(owner.getByRole('status')).toHaveText('ذخیره شد: سالاد شیرازی');
  await ownerContext.close();
});
