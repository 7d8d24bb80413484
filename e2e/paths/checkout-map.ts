import { assign, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { expect, type Page } from '@playwright/test';
import { checkoutMachine, type CheckoutContext, type CheckoutInput } from '../../machines/checkout-machine';
import { done, type ChartMap } from './chart-model';
import { onAddressForm } from './grocery-customer';

/** The path's customer: a phone registered for this path alone (SMS limits: a code per phone a minute). */
export interface CheckoutWorld {
  phone: string;
}

/**
 * The checkout chart (machines/checkout-machine.ts) as a person drives it at the grocery (open around the
 * clock, pickup, courier and another city, every payment type): each event once as what the person does,
 * each state once as what the person sees. Selectors live here only.
 *
 * The path's customer is a new account (a phone of its own), so the model's answers are what the server
 * answers such a customer: no saved address, an empty wallet and discount bag, WELCOME10 taken. With an
 * empty wallet the wallet's and the bag's states cannot be reached by a person; they stay mapped (by name)
 * and are driven by e2e/checkout.spec.ts (b) with the funded demo customer, whose wallet the paths leave alone.
 */
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as CheckoutContext;
/** A sampled event's fields (the map's own samples). */
const payload = <T>(event: EventObject) => event as unknown as T;

const input: CheckoutInput = {
  orderId: 1,
  shop: {
    delivery_methods: [
      { value: 1, status: 1, text: 'تحویل حضوری', price: 0, description: '' },
      { value: 2, status: 1, text: 'ارسال با پیک', price: 350_000, description: '' },
      { value: 3, status: 1, text: 'ارسال به شهرهای دیگر', price: 950_000, description: '' },
    ],
    shift_data: { open: true, opens_at: null, closes_at: null, preorder_days: 7 },
  },
  paymentTypes: ['cash', 'card_reader', 'online', 'money_transfer', 'wallet'],
};

const METHOD_NAMES: Record<number, RegExp> = { 1: /تحویل حضوری/, 2: /ارسال با پیک/ };
const PAYMENT_NAMES: Record<string, string> = { cash: 'پرداخت نقدی هنگام تحویل', online: 'پرداخت آنلاین' };
const newAddress = { label: 'خانه مسیر', address: 'تهران، خیابان ولیعصر، پلاک ۵', lat: 35.7, lng: 51.4 };
/** The address the server saves of it, in range of the grocery. */
const savedAddress = { id: 1, ...newAddress, city: '', postal_code: '', in_range: true };
const bill = (discount = 0) => ({ pure_price: 18_500_000, discount, price: 18_500_000 - discount, total: 18_500_000 - discount, gift: 0, wallet: 0, payable: 18_500_000 - discount, discount_code: discount ? 'WELCOME10' : null });
const emptyWallet = { balance: 0, used: 0, gift_balance: 0, gift_used: 0, bill: bill() };

const stepFrame = (page: Page, step: string) => page.getByTestId(`checkout-${step}`);
/** A confirmation dialog's yes. */
const confirm = (page: Page, name: RegExp | string) => page.getByRole('dialog').getByRole('button', { name }).click();

export const checkoutMap: ChartMap<CheckoutWorld> = {
  name: 'checkout chart',
  file: 'e2e/paths/checkout-map.ts',
  machine: checkoutMachine,
  input,
  // A place for the person: the step, whether an address is saved (the address step was done), whether
  // a discount is applied (the step shows it) and the payment chosen (placing is allowed; cash is placed, online
  // goes to the bank). A state's check reads only these facts: the graph keeps one snapshot per place.
  serialize: (snapshot) => {
    const { addresses, discountApplied, payment } = context(snapshot);
    return JSON.stringify([snapshot.value, (addresses ?? []).length > 0, discountApplied, payment]);
  },
  goal: (snapshot) => snapshot.matches('placed'),
  simpleLimit: 1,
  // Simple paths go forward only: going back, changing the time and removing a code are the shortest paths' part.
  simpleEvents: (type) => !['checkout.back', 'time.select', 'discount.remove'].includes(type),
  modelActions: {
    'start attempt': assign({ attemptKey: 'attempt', refusal: null, failure: null }),
  },

  states: {
    starting: { passing: 'picks the first step at once' },
    restoring: { passing: 'reads what this tab kept of the checkout, then verifies the payment' },
    resuming: { passing: 'a step reloaded reads what the server keeps of the cart, then resumes there' },
    delivery: {
      sees: async (page) => {
        await expect(stepFrame(page, 'delivery')).toBeVisible();
        await expect(page).toHaveURL(/\/cart$/);
      },
    },
    'address.routing': { passing: 'pickup goes on, a delivery loads the addresses' },
    'address.choosing': {
      sees: async (page, _world, snapshot) => {
        await expect(page).toHaveURL(/\/cart\/address(\/add|\/edit\/\d+)?$/);
        // On the list: every saved address once; on the form: the point picked.
        if (/\/cart\/address$/.test(page.url())) await expect(page.getByTestId('address-option')).toHaveCount((context(snapshot).addresses ?? []).length);
        else await expect(page.getByTestId('map-point')).toHaveText(/[۰-۹]/);
      },
    },
    savingDelivery: { passing: 'the delivery is being saved' },
    loadingBill: { passing: 'the bill is loading' },
    discount: {
      sees: async (page) => {
        await expect(stepFrame(page, 'payment')).toBeVisible();
        await expect(page.getByTestId('discount-skip')).toBeEnabled();
        await expect(page.getByTestId('bill-total')).toBeVisible();
      },
    },
    applyingDiscount: { passing: 'the code is being checked' },
    removingDiscount: { passing: 'the applied code is being taken off' },
    wallet: {
      sees: async (page, _world, snapshot) => {
        await expect(page.getByTestId('wallet-skip')).toBeEnabled();
        await expect(page.getByTestId('discount-summary')).toHaveText(context(snapshot).discountApplied ? /WELCOME10/ : 'بدون کد تخفیف.');
      },
    },
    usingWallet: { passing: 'the wallet is being applied' },
    usingGift: { passing: 'the discount bag is being applied' },
    releasingGift: { passing: 'the discount bag is being released' },
    releasingWallet: { passing: 'the wallet is being released' },
    payment: {
      sees: async (page, _world, snapshot) => {
        await expect(page.getByTestId('wallet-summary')).toBeVisible();
        const { payment } = context(snapshot);
        if (payment) await expect(page.getByRole('radio', { name: PAYMENT_NAMES[payment] })).toBeChecked();
        await expect(page.getByTestId('place-order')).toBeEnabled({ enabled: payment !== null });
      },
    },
    placing: { passing: 'the order is being placed' },
    placeFailed: {
      sees: async (page) => {
        await expect(page.getByTestId('place-retry')).toBeVisible();
      },
    },
    paying: {
      sees: async (page) => {
        await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
      },
    },
    verifying: { passing: 'the bank is being asked' },
    placed: {
      sees: async (page) => {
        await expect(page).toHaveURL(/\/successful-payment\/\d+/);
        await expect(page.getByRole('heading', { name: 'از سفارش شما متشکریم' })).toBeVisible();
        await expect(page.getByTestId('placed-lines')).toContainText('برنج هاشمی ۱۰ کیلویی × ۱');
      },
    },
  },

  events: {
    'delivery.select': {
      samples: () => [1, 2].map((method) => ({ type: 'delivery.select', method })),
      does: async (page, _world, event) => {
        await page.getByRole('radio', { name: METHOD_NAMES[payload<{ method: number }>(event).method] }).check();
        await page.getByTestId('delivery-continue').click();
      },
    },
    // The address step is the address chart (e2e/paths/address-map.ts drives its own states and events): for the
    // checkout it is done when a person adds an address on the map and chooses it. A new customer has none saved.
    'xstate.done.actor.addressBook': {
      samples: (snapshot) => (context(snapshot).method === 2 ? [done('addressBook', { addressId: savedAddress.id, addresses: [savedAddress] })] : []),
      does: async (page) => {
        await onAddressForm(page);
        // Picking a point needs no map tiles: a click on the map is a point.
        await page.getByTestId('address-map').click();
        await page.getByLabel('عنوان (خانه، محل کار…)').fill(newAddress.label);
        await page.getByLabel('آدرس دقیق').fill(newAddress.address);
        await page.getByTestId('address-save').click();
        // Saved, the chart shows the list with it offered first; the person chooses it and goes on.
        await expect(page).toHaveURL(/\/cart\/address$/);
        await page.getByRole('radio', { name: new RegExp(newAddress.label) }).check();
        await page.getByTestId('address-continue').click();
      },
    },
    'discount.apply': {
      samples: () => [{ type: 'discount.apply', code: 'WELCOME10' }],
      does: async (page) => {
        await page.getByRole('textbox', { name: 'کد تخفیف' }).fill('welcome10');
        await page.getByTestId('discount-apply').click();
      },
    },
    'discount.remove': {
      samples: () => [{ type: 'discount.remove' }],
      does: async (page) => {
        await page.getByTestId('discount-remove').click();
        await expect(page.getByTestId('discount-remove')).toHaveCount(0);
      },
    },
    'discount.skip': { samples: () => [{ type: 'discount.skip' }], does: (page) => page.getByTestId('discount-skip').click() },
    'wallet.use': {
      samples: () => [{ type: 'wallet.use' }],
      does: async (page) => {
        await page.getByTestId('wallet-use').click();
        await confirm(page, 'استفاده از کیف پول');
      },
    },
    'wallet.skip': { samples: () => [{ type: 'wallet.skip' }], does: (page) => page.getByTestId('wallet-skip').click() },
    'gift.use': {
      samples: () => [{ type: 'gift.use' }],
      does: async (page) => {
        await page.getByTestId('gift-use').click();
        await confirm(page, 'استفاده از کیسه تخفیف');
      },
    },
    'gift.release': { samples: () => [{ type: 'gift.release' }], does: (page) => page.getByTestId('gift-release').click() },
    'payment.select': {
      samples: () => Object.keys(PAYMENT_NAMES).map((payment) => ({ type: 'payment.select', payment })),
      does: (page, _world, event) => page.getByRole('radio', { name: PAYMENT_NAMES[payload<{ payment: string }>(event).payment] }).check(),
    },
    'time.select': {
      samples: () => [{ type: 'time.select', timing: 'now' }],
      does: (page) => page.getByRole('radio', { name: 'همین حالا' }).check(),
    },
    'checkout.place': {
      samples: () => [{ type: 'checkout.place' }],
      does: async (page) => {
        await page.getByTestId('place-order').click();
        await confirm(page, /^(ثبت سفارش|رفتن به درگاه بانک)$/);
      },
    },
    'checkout.retry': { samples: () => [{ type: 'checkout.retry' }], does: (page) => page.getByTestId('place-retry').click() },
    'checkout.edit': { samples: () => [{ type: 'checkout.edit' }], does: (page) => page.getByTestId('place-edit').click() },
    'checkout.back': { samples: () => [{ type: 'checkout.back' }], does: (page) => page.getByRole('button', { name: 'قبلی' }).click() },
    'checkout.forwardTo': { internal: "the browser's Forward back to the payment step; a person's own way forward is each step's button" },
    'checkout.backTo': { internal: "the browser's Back on the payment step; a person's own step back is checkout.back" },
    'payment.returned': {
      samples: () => [{ type: 'payment.returned', sepId: 'paid' }],
      does: (page) => page.getByRole('button', { name: /Pay/ }).click(),
    },

    'xstate.done.actor.restore': { internal: 'what this tab kept, read on a reload back from the bank' },
    'xstate.error.actor.restore': { internal: 'the tab kept nothing readable' },
    'xstate.done.actor.resume': { internal: 'what the server keeps of the cart, read when a step is reloaded' },
    'xstate.error.actor.resume': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.saveDelivery': {
      internal: 'the delivery saved',
      samples: (snapshot) => [done('saveDelivery', { order_id: 1, address_id: context(snapshot).addressId ?? 0, delivery_method: context(snapshot).method ?? 1, branch_name: '', type: 0, shipping: 0 })],
    },
    'xstate.error.actor.saveDelivery': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.bill': { internal: "a new customer's bill: empty wallet and discount bag", samples: () => [done('bill', emptyWallet)] },
    'xstate.error.actor.bill': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.discount': { internal: 'WELCOME10 takes 10% off', samples: () => [done('discount', { ...bill(1_000_000), message: null })] },
    'xstate.done.actor.removeDiscount': { internal: 'the code taken off: the bill without it', samples: () => [done('removeDiscount', { ...bill(), message: null })] },
    'xstate.error.actor.removeDiscount': { internal: 'a server failure, which a person cannot cause' },
    'xstate.error.actor.discount': { internal: "the server's refusal of a code (e2e/checkout.spec.ts (a) types an unknown one)" },
    'xstate.done.actor.useWallet': { internal: 'the wallet applied (unreachable with an empty wallet)' },
    'xstate.error.actor.useWallet': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.useGift': { internal: 'the discount bag applied (unreachable with an empty bag)' },
    'xstate.error.actor.useGift': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.releaseGift': { internal: 'the discount bag released (unreachable with an empty bag)' },
    'xstate.error.actor.releaseGift': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.releaseWallet': { internal: 'the wallet released (unreachable with an empty wallet)' },
    'xstate.error.actor.releaseWallet': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.place': {
      internal: 'the order placed: cash is placed at once, online goes to the bank',
      samples: (snapshot) => {
        const online = context(snapshot).payment === 'online';
        return [done('place', { order_id: 1, status: 2, tracking_code: '1', paid: false, payable: 1, redirect_url: online ? '/sandbox-gateway/pay/1' : null, sep_id: online ? 'sep' : null })];
      },
    },
    'xstate.error.actor.place': { internal: 'a server failure or a refusal at placing (store closed), which a person cannot cause here' },
    'xstate.done.actor.verify': {
      internal: "the bank's verdict on the payment the person made",
      samples: () => [done('verify', { order_id: 1, paid: true, status: 3, tracking_code: '1', amount: 1, outcome: 'paid', message: '' })],
    },
    'xstate.error.actor.verify': { internal: 'a server failure, which a person cannot cause' },
  },
};
