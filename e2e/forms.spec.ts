import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';

// Issue 12, forms as data on one questionnaire chart: the franchise application (built in the
// contract, sent with submit_form) and the skincare shop's branching routine finder.

/** Types an answer into the current question and presses Next (Enter submits the question's form). */
async function answer(page: Page, text: string) {
  await page.getByTestId('question-input').fill(text);
  await page.getByTestId('question-next').click();
}

const questionText = (page: Page) => page.getByTestId('question-text');

test.describe('the skincare shop', () => {
  test.use({ baseURL: shopUrl('skincare') });

  test('Scenario: the franchise application refuses an age of 17 with the spec\'s message, takes ۳۰, and is sent once to the end', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/order/order.php') && (request.postData() ?? '').includes('submit_form')) sent.push(request.postData() ?? '');
    });
    await page.goto('./form/1');
    await expect(page.getByTestId('form-page')).toBeVisible();
    await expect(questionText(page)).toBeFocused();
    await answer(page, 'رضا محمدی');
    await answer(page, 'اصفهان');
    await answer(page, '۱۷');
    await expect(page.getByTestId('question-error')).toHaveText('لطفا عددی صحیح بین ۱۸ و ۱۰۰ وارد کنید.');
    await expect(page.getByTestId('question-input')).toHaveAttribute('aria-invalid', 'true');
    await answer(page, '۳۰');
    await expect(page.getByTestId('question-error')).toHaveCount(0);
    await answer(page, '۰۹۱۲۱۲۳۴۵۶۷');
    await answer(page, 'ده سال مدیریت رستوران');
    await answer(page, 'اصفهان، خیابان چهارباغ، پلاک ۱۲');
    // The class routes to its own area question: class C needs at least 50 m².
    await page.getByRole('radio').last().check();
    await page.getByTestId('question-next').click();
    await expect(questionText(page)).toContainText('C');
    await answer(page, '۴۹');
    await expect(page.getByTestId('question-error')).toBeVisible();
    await answer(page, '۶۰');
    await answer(page, '۴٫۵');
    await answer(page, '۲');
    await answer(page, '۳۵');
    await page.getByRole('combobox').click();
    await page.getByRole('option', { name: 'G25' }).click();
    await page.getByTestId('question-next').click();
    await answer(page, '۳');
    // The last two are optional, and say so once.
    await expect(questionText(page)).toHaveText('اگر نکته دیگری هست بنویسید (اختیاری)');
    await page.getByTestId('question-next').click();
    await expect(questionText(page)).toHaveText('از کجا با ما آشنا شدید؟ (اختیاری)');
    await page.getByTestId('question-next').click();
    await expect(page.getByTestId('questionnaire-review')).toBeVisible();
    // What was typed, in Persian digits: the mobile keeps its leading zero, the ceiling its decimal.
    const review = page.getByTestId('review-answer');
    await expect(review.nth(2)).toHaveText('۳۰');
    await expect(review.nth(3)).toHaveText('۰۹۱۲۱۲۳۴۵۶۷');
    await expect(review.nth(5)).toHaveText('اصفهان، خیابان چهارباغ، پلاک ۱۲');
    await expect(review.nth(7)).toHaveText('۶۰');
    await expect(review.nth(8)).toHaveText('۴٫۵');
    await expect(review.nth(12)).toHaveText('۳');
    await page.getByTestId('questionnaire-submit').dblclick();
    await expect(page.getByTestId('questionnaire-done')).toBeVisible();
    expect(sent).toHaveLength(1);
    // The shop receives the number as typed too.
    expect(new URLSearchParams(sent[0]).get('form') ?? sent[0]).toContain('09121234567');
  });

  test('Scenario: the routine finder follows the skin type\'s own branch, and Back returns to the question actually visited', async ({ page }) => {
    await page.goto('./form/2');
    await expect(page.getByTestId('form-page')).toBeVisible();
    await expect(questionText(page)).toHaveText('نوع پوست شما چیست؟');
    // Next without a choice: the question's own error.
    await page.getByTestId('question-next').click();
    await expect(page.getByTestId('question-error')).toHaveText('لطفا نوع پوست خود را انتخاب کنید.');
    await page.getByRole('radio', { name: 'چرب' }).check();
    await page.getByTestId('question-next').click();
    await expect(questionText(page)).toHaveText('کدام مشکل پوست چرب آزارتان می‌دهد؟');
    await page.getByTestId('question-back').click();
    await expect(questionText(page)).toHaveText('نوع پوست شما چیست؟');
    await page.getByRole('radio', { name: 'حساس' }).check();
    await page.getByTestId('question-next').click();
    await expect(questionText(page)).toHaveText('پوست شما بیشتر چه واکنشی نشان می‌دهد؟');
    await page.getByRole('radio', { name: 'قرمزی' }).check();
    await page.getByTestId('question-next').click();
    await expect(questionText(page)).toHaveText('هر روز ضدآفتاب می‌زنید؟');
    // Back goes to the sensitive-skin question visited, not to the previous id (the oily one).
    await page.getByTestId('question-back').click();
    await expect(questionText(page)).toHaveText('پوست شما بیشتر چه واکنشی نشان می‌دهد؟');
  });
});

test.describe('the cafe', () => {
  test.use({ baseURL: shopUrl('cafe') });

  test('Scenario: the survey in English by keyboard: a rating, what went well, a recommendation, no comment; sent, the thank-you page', async ({ page }) => {
    await page.context().addCookies([{ name: 'lang', value: 'en', domain: 'cafe.localhost', path: '/' }]);
    await page.addInitScript(() => window.localStorage.setItem('storefront.language', 'en'));
    await page.goto('./survey');
    await expect(questionText(page)).toHaveText('How would you rate your order from 1 to 5?');
    await expect(page.getByTestId('questionnaire-progress')).toHaveText('Question 1 of 4');
    await page.getByRole('radio', { name: '5' }).check();
    await page.keyboard.press('Enter');
    await expect(questionText(page)).toHaveText('What went well?');
    await page.getByRole('checkbox', { name: 'Packaging' }).check();
    await page.getByRole('checkbox', { name: 'Product quality' }).check();
    await page.getByTestId('question-next').click();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByTestId('question-next').click();
    await expect(questionText(page)).toHaveText('Anything else to tell us? (optional)');
    await page.getByTestId('question-next').click();
    await expect(page.getByTestId('review-answer')).toHaveText(['5', 'Packaging, Product quality', 'Yes']);
    await page.getByTestId('questionnaire-submit').click();
    await expect(page).toHaveURL(/\/success-survey$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your feedback');
  });

  test('Scenario: /success-survey reached without sending a survey (typed, a link) thanks no one: it is the survey', async ({ page }) => {
    await page.goto('./success-survey');
    await expect(page).toHaveURL(/\/survey$/);
    await expect(questionText(page)).toHaveText('از ۱ تا ۵ به سفارشتان چه امتیازی می‌دهید؟');
    await expect(page.getByText('از نظر شما سپاسگزاریم')).toHaveCount(0);
  });
});
