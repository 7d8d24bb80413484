import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { consoleUrl, shopUrl } from './shops';
import { consoleLogIn, shopApi } from './shop-session';

// What customers send the café besides orders and chats reaches its console: a survey's answers (in their words, and
// as a CSV Excel reads in Persian), a contact message to answer and mark done, and the public message every customer
// reads in /messages, written, changed and deleted by the owner.
const SLUG = 'cafe';
const NOTE = `لاته, اسپرسو و کیک عالی بود (${Date.now() % 100_000})`;

test('Scenario: a survey answered in Persian is on the owner\'s Survey tab with its questions, and saved as a CSV it keeps the Persian and the comma', async ({ browser, page }) => {
  await page.goto(`${shopUrl(SLUG)}survey`);
  await page.getByRole('radio', { name: '۴' }).check();
  await page.getByTestId('question-next').click();
  await page.getByRole('checkbox', { name: 'بسته‌بندی' }).check();
  await page.getByTestId('question-next').click();
  await page.getByRole('radio', { name: 'بله' }).check();
  await page.getByTestId('question-next').click();
  await page.getByTestId('question-input').fill(NOTE);
  await page.getByTestId('question-next').click();
  await page.getByTestId('questionnaire-submit').click();
  await expect(page).toHaveURL(/\/success-survey$/);

  const owner = await consoleLogIn(browser, SLUG);
  await owner.goto(`${consoleUrl(SLUG)}messages`);
  await owner.getByRole('tab', { name: 'نظرسنجی' }).click();
  await expect(owner).toHaveURL(/\/messages\/survey$/);
  const answered = owner.getByTestId('submission').filter({ hasText: NOTE });
  await expect(answered).toHaveCount(1);
  await expect(answered).toContainText('سفارشتان چطور بود؟');
  await expect(answered).toContainText('چه چیزهایی خوب بود؟');
  // A choice reads as the customer chose it, not as an option's number.
  await expect(answered.getByTestId('submission-answer').nth(1)).toContainText('بسته‌بندی');
  await expect(answered).toContainText('بدون ورود به حساب فرستاده شده');

  const download = owner.waitForEvent('download');
  await owner.getByTestId('submissions-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile(await file.path());
  // UTF-8's byte-order mark first: Excel then reads the Persian as Persian.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  expect(csv).toContain('چه چیزهایی خوب بود؟');
  // The comment has a comma: it is one quoted cell.
  expect(csv).toContain(`"${NOTE}"`);
  await expect(owner.getByRole('status').getByText(/ردیف در فایل CSV ذخیره شد/)).toBeVisible();
  await expect(owner.getByRole('alert')).toHaveCount(0);
});

test('Scenario: a contact message is new on the Contact tab; marked done it leaves the messages to answer and is under Done', async ({ browser, page }) => {
  const name = `سارا ${Date.now() % 100_000}`;
  await page.goto(`${shopUrl(SLUG)}contact`);
  await page.getByTestId('contact-name').fill(name);
  await page.getByTestId('contact-phone').fill('۰۹۱۲۱۲۳۴۵۶۷');
  await page.getByTestId('contact-email').fill('sara@example.com');
  await page.getByTestId('contact-message').fill('برای جشن تولد ۲۰ نفره میز رزرو می‌کنید؟');
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('پیام شما ارسال شد. سپاس!')).toBeVisible();

  const staff = await consoleLogIn(browser, SLUG);
  await staff.goto(`${consoleUrl(SLUG)}messages`);
  await expect(staff).toHaveURL(/\/messages\/contact$/);
  const card = staff.getByTestId('contact-message').filter({ hasText: name });
  await expect(card).toContainText('تازه');
  // As the server keeps it (its digits Western, as every text field's).
  await expect(card.getByTestId('contact-message-text')).toHaveText('برای جشن تولد 20 نفره میز رزرو می‌کنید؟');
  await expect(card.getByRole('link', { name: 'پاسخ با پیامک' })).toHaveAttribute('href', 'sms:09121234567');
  await card.getByRole('button', { name: 'انجام شد' }).click();
  await expect(card).toHaveCount(0);
  await staff.getByRole('button', { name: 'انجام شد', exact: true }).first().click();
  const done = staff.getByTestId('contact-message').filter({ hasText: name });
  await expect(done).toHaveCount(1);
  await expect(done).not.toContainText('تازه');
  await expect(done.getByRole('button', { name: 'باز کردن دوباره' })).toBeVisible();
  await expect(staff.getByRole('alert')).toHaveCount(0);
});

test('Scenario: the owner publishes a public message; a customer reads it in /messages; changed it reads anew; deleted it is gone', async ({ browser, page }) => {
  // No digits: the server keeps a text's digits Western, and the storefront may show them Persian.
  const tag = [...String(Date.now() % 100_000)].map((digit) => 'ابپتثجچحخد'[Number(digit)]).join('');
  const text = `ساعت کاری جمعه‌ها از ظهر تا نیمه‌شب — ${tag}`;
  const owner = await consoleLogIn(browser, SLUG);
  await owner.goto(`${consoleUrl(SLUG)}messages/public`);
  await owner.getByRole('button', { name: 'انتشار' }).click();
  await expect(owner.getByText('متن پیام را بنویسید.')).toBeVisible();
  await owner.getByTestId('public-draft').fill(text);
  await owner.getByRole('button', { name: 'انتشار' }).click();
  await expect(owner.getByText('پیام منتشر شد: مشتریان آن را در پیام‌های خود می‌بینند.')).toBeVisible();
  await expect(owner.getByTestId('public-draft')).toHaveValue('');
  const mine = owner.getByTestId('public-message').filter({ hasText: text });
  await expect(mine).toHaveCount(1);

  await shopApi(page, SLUG).register('09391110731', 'مشتری کافه');
  await page.goto(`${shopUrl(SLUG)}messages`);
  await expect(page.getByTestId('public-messages').getByText(text)).toHaveCount(1);

  await mine.getByRole('button', { name: 'ویرایش' }).click();
  const change = owner.getByRole('form', { name: 'ویرایش پیام' });
  await change.getByRole('textbox', { name: 'پیام' }).fill(`${text} (به‌جز تعطیلات)`);
  await change.getByRole('button', { name: 'ذخیره' }).click();
  await expect(owner.getByText('پیام ویرایش شد.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('public-messages').getByText(`${text} (به‌جز تعطیلات)`)).toHaveCount(1);

  await owner.getByTestId('public-message').filter({ hasText: text }).getByRole('button', { name: 'حذف' }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'حذف' }).click();
  await expect(owner.getByText('پیام حذف شد.')).toBeVisible();
  await expect(owner.getByTestId('public-message').filter({ hasText: text })).toHaveCount(0);
  await page.reload();
  // Read again (the list, or its empty state), without it.
  await expect(page.getByTestId('public-messages').or(page.getByText('پیامی وجود ندارد'))).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
  await expect(owner.getByRole('alert')).toHaveCount(0);
  // The audit log says each in words.
  await owner.goto(`${consoleUrl(SLUG)}audit`);
  const log = owner.getByTestId('audit-entries');
  await expect(log.getByText(`پیام عمومی «${text}» را منتشر کرد`)).toHaveCount(1);
  await expect(log.getByText(`پیام عمومی «${text}» را حذف کرد`)).toHaveCount(0);
  await expect(log.getByText(`پیام عمومی «${text} (به‌جز تعطیلات)» را حذف کرد`)).toHaveCount(1);
});
