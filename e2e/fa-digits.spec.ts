import { expect, test, type Locator } from './fixtures';
import { consoleUrl, persianDigit, shopUrl } from './shops';
import { codeFromOutbox, consoleApi, consoleLogIn, pageApi, shopApi } from './shop-session';

// Every number the Persian UI shows is in Persian digits — the checkout
// stepper, the server's «N تلاش دیگر باقی است», a saved address typed with Western digits (the client folds digits
// before sending, so what comes back is Western), the map point and the thank-you page's tracking code; an ad's title,
// a chat's text and amounts as they are typed at the classifieds; a bank reference (a Latin code) verbatim.
// The members patisserie: no hours and no checkout rules, so a 'now' cash order is always taken.

/** The Latin digits in what `scope` shows (its rendered text; input values are not part of it). */
async function latinDigits(scope: Locator): Promise<string[]> {
  return (await scope.innerText()).match(/[0-9]+/g) ?? [];
}

async function expectPersianOnly(scope: Locator, what: string): Promise<void> {
  await expect(scope).toContainText(persianDigit);
  expect(await latinDigits(scope), `Latin digits in ${what}`).toEqual([]);
}

test.describe('Persian digits in fa at the members patisserie', () => {
  test.use({ baseURL: shopUrl('members') });

  test('Scenario: a wrong code, the stepper, a saved «پلاک 12» (list and edit form), the map point and the tracking code all show Persian digits', async ({ page, request }) => {
    const phone = '09391110201';
    await page.goto('./authentication/login');
    await page.getByLabel('شماره موبایل').fill(phone);
    await page.getByLabel('شماره موبایل').press('Enter');
    await expect(page).toHaveURL(/\/authentication\/verify$/);
    const code = await codeFromOutbox(request, phone);
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    const codeInput = page.getByLabel('کد تایید');
    await codeInput.fill(wrong);
    await codeInput.press('Enter');
    const helper = page.locator('#verify-code-helper-text');
    await expect(helper).toContainText('تلاش دیگر باقی است');
    await expectPersianOnly(helper, 'the wrong-code message');
    await codeInput.fill(code);
    await codeInput.press('Enter');
    await expect(page).toHaveURL(/\/authentication\/register$/);
    await page.getByLabel('نام و نام خانوادگی').fill('پریسا نوری');
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    await expect(page).not.toHaveURL(/\/authentication\//);

    const list = await pageApi<{ items: { item_id: number; name: string }[] }>(page, 'get_list_item', { name: 'کیک شکلاتی', pagination: '0' });
    const cake = list.items.find((item) => item.name === 'کیک شکلاتی');
    expect(cake, 'seeded item کیک شکلاتی').toBeTruthy();
    await pageApi(page, 'cart_controller', { item_id: String(cake!.item_id), count: '1' });

    await page.goto('./cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByTestId('cart-checkout').click();
    const delivery = page.getByTestId('checkout-delivery');
    await expect(delivery).toBeVisible();
    await expectPersianOnly(delivery.locator('.MuiStepper-root'), 'the checkout stepper');
    await expectPersianOnly(delivery, 'the delivery step');

    await page.getByRole('radio', { name: /ارسال با پیک/ }).check();
    await page.getByTestId('delivery-continue').click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-map').click();
    await expectPersianOnly(page.getByTestId('map-point'), 'the map point');
    // Coordinates one way: Persian digits, the Persian decimal mark and «، » between them.
    await expect(page.getByTestId('map-point')).toHaveText(/^[۰-۹]+٫[۰-۹]{5}، [۰-۹]+٫[۰-۹]{5}$/);
    // Typed with Western digits: shown in Persian in the list and the edit form.
    await page.getByLabel('عنوان (خانه، محل کار…)').fill('خانه 2');
    await page.getByLabel('آدرس دقیق').fill('تهران، خیابان ولیعصر، پلاک 12');
    await page.getByTestId('address-save').click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    const saved = page.getByTestId('address-option');
    await expect(saved).toContainText('پلاک ۱۲');
    await expect(saved).toContainText('خانه ۲');
    await expectPersianOnly(page.getByTestId('checkout-address'), 'the address step');
    await saved.getByTestId('address-edit').click();
    await expect(page.getByLabel('آدرس دقیق')).toHaveValue('تهران، خیابان ولیعصر، پلاک ۱۲');
    await expect(page.getByLabel('عنوان (خانه، محل کار…)')).toHaveValue('خانه ۲');
    await page.getByTestId('address-save').click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    await expect(saved).toContainText('پلاک ۱۲');

    await page.getByTestId('address-continue').click();
    await expect(page).toHaveURL(/\/cart\/payment$/);
    await page.getByTestId('discount-skip').click();
    await page.getByTestId('wallet-skip').click();
    await page.getByRole('radio', { name: 'پرداخت نقدی هنگام تحویل' }).check();
    await expectPersianOnly(page.getByTestId('checkout-payment'), 'the payment step');
    await page.getByTestId('place-order').click();
    await page.getByRole('dialog').getByRole('button', { name: 'ثبت سفارش' }).click();

    await expect(page).toHaveURL(/\/successful-payment\/\d+$/);
    await expect(page.getByTestId('placed-lines')).toBeVisible();
    await expectPersianOnly(page.getByTestId('tracking-code'), 'the tracking code');
    await expectPersianOnly(page.getByTestId('order-result'), 'the thank-you page');
  });
});

test.describe('Persian digits in fa at the real-estate classifieds', () => {
  test.use({ baseURL: shopUrl('realestate') });

  test('Scenario: an ad titled «فروش آپارتمان 95 متری» reads «۹۵» in My ads, its toast, the edit form, the chats and the chat header; a chat\'s «18:30» reads «۱۸:۳۰»; amounts group as typed and go out in Western digits', async ({ browser, page }) => {
    const title = 'فروش آپارتمان 95 متری';
    const shown = 'فروش آپارتمان ۹۵ متری';
    const publisher = shopApi(page, 'realestate');
    await publisher.register('09391110211', 'مریم رضایی');
    const ad = await publisher.call<{ id: number }>('create_new_ty_ad', {
      ad_object: JSON.stringify({ request: 'sale', type: 'apartment', title, province: 'تهران', city: 'تهران', neighborhood: 'ونک', meterage: 95, total_price: 12_000_000_000, picture_ids: [], location: { lat: 35.757, lng: 51.41 } }),
    });

    // My ads, and the approval's toast while it is open.
    await page.goto('./home-4/tejari/profile/my-ads');
    const mine = page.getByTestId('my-ad').filter({ hasText: shown });
    await expect(mine).toHaveCount(1);
    await expectPersianOnly(mine, 'My ads');
    const staff = await consoleLogIn(browser, 'realestate');
    expect((await consoleApi(staff, 'ad_moderate', { ad_id: String(ad.id), action: 'approve' })).result).toBe('ok');
    await staff.context().close();
    await expect(page.getByText(`آگهی «${shown}» تأیید و منتشر شد.`)).toBeVisible();
    await expect(mine.getByTestId('my-ad-status')).toHaveText('تأیید شده');

    // The edit form: the title in Persian digits, the price grouped, and grouped again as a new one is typed.
    await page.goto(`./home-4/edit/${ad.id}`);
    await expect(page.getByLabel('عنوان')).toHaveValue(shown);
    const price = page.getByLabel('قیمت کل (ریال)');
    await expect(price).toHaveValue('۱۲٬۰۰۰٬۰۰۰٬۰۰۰');
    await price.clear();
    await price.pressSequentially('9500000000');
    await expect(price).toHaveValue('۹٬۵۰۰٬۰۰۰٬۰۰۰');

    // A buyer writes with Western digits: the publisher's chats and the conversation show them in Persian.
    const buyerPage = await (await browser.newContext()).newPage();
    const buyer = shopApi(buyerPage, 'realestate');
    await buyer.register('09391110212', 'کاوه مرادی');
    const { conversation_id: conversationId } = await buyer.call<{ conversation_id: number }>('ty_contact_publisher', { ad_id: ad.id });
    await buyer.call('send_message_to_conversation', { to: conversationId, text_message: 'فردا ساعت 18:30 برای بازدید می‌آیم' });
    await buyerPage.context().close();
    await page.goto('./home-4/chat');
    const entry = page.getByTestId(`conversation-${conversationId}`);
    await expect(entry).toContainText(shown);
    await expect(entry).toContainText('فردا ساعت ۱۸:۳۰ برای بازدید می‌آیم');
    await expectPersianOnly(entry, 'the chat list');
    await entry.click();
    const view = page.getByTestId('conversation-view');
    await expect(view.getByRole('heading', { name: shown })).toBeVisible();
    await expect(view.getByTestId('conversation-messages')).toContainText('فردا ساعت ۱۸:۳۰ برای بازدید می‌آیم');
    await expectPersianOnly(view, 'the conversation');

    // The list's price filter: grouped as typed, in the URL (and so to the server) as plain Western digits.
    await page.goto('./home-4');
    await page.getByTestId('open-filters').click();
    await page.getByTestId('filter-sheet').getByText(/^فروش \(/).click();
    const least = page.getByTestId('range-total_price-min');
    await least.pressSequentially('1500000000');
    await expect(least).toHaveValue('۱٬۵۰۰٬۰۰۰٬۰۰۰');
    await page.getByTestId('filter-apply').click();
    await expect(page).toHaveURL(/[?&]total_price_min=1500000000(&|$)/);
  });
});

test.describe('a bank reference in fa', () => {
  test('Scenario: the console shows an online payment\'s sandbox reference «SB…» verbatim, its amount in Persian digits', async ({ browser, page }) => {
    const slug = 'grocery';
    await page.goto(shopUrl(slug));
    const shop = shopApi(page, slug);
    await shop.register('09391110213', 'رضا توکلی');
    const orderId = await shop.placePaidOnline('برنج هاشمی ۱۰ کیلویی');

    const staff = await consoleLogIn(browser, slug);
    const detail = await consoleApi<{ payments: { ref_id: string | null }[] }>(staff, 'order_detail', { order_id: String(orderId) });
    const reference = detail.data.payments[0].ref_id!;
    expect(reference).toMatch(/^SB[0-9A-Z]*[0-9]/);
    await staff.goto(`${consoleUrl(slug)}orders/${orderId}`);
    const payment = staff.getByTestId('order-payments').getByRole('listitem');
    await expect(payment).toContainText(reference);
    expect((await payment.innerText()).replace(reference, '').match(/[0-9]/g)).toBeNull();
  });
});
