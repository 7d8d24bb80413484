import type { Address, Bill, LocationData, SelectedDelivery } from '@contract/index';
import type { CheckoutInput, PaymentVerdict, PlacedOrder, WalletView } from '@machines/checkout-machine';

/** Pickup, courier and other city all offered; open with no hours, so 'now' is always acceptable. */
export const checkoutShop: CheckoutInput['shop'] = {
  delivery_methods: [
    { value: 1, status: 1, text: 'تحویل حضوری', price: 0, description: '' },
    { value: 2, status: 1, text: 'ارسال با پیک', price: 350_000, description: '' },
    { value: 3, status: 1, text: 'ارسال به شهرهای دیگر', price: 950_000, description: '' },
  ],
  shift_data: { open: true, opens_at: null, closes_at: null, preorder_days: 7 },
};

export const checkoutInput: CheckoutInput = {
  orderId: 41,
  shop: checkoutShop,
  paymentTypes: ['cash', 'card_reader', 'online', 'money_transfer', 'wallet'],
};

const address = (id: number, inRange: boolean, city = '', postal = ''): Address => ({
  id,
  label: `خانه ${id}`,
  address: 'تهران، ونک، خیابان ملاصدرا، پلاک ۱۰',
  lat: 35.76,
  lng: 51.41,
  city,
  postal_code: postal,
  in_range: inRange,
});

export const nearAddress = address(11, true);
export const farAddress = address(12, false);
export const otherCityAddress = address(13, false, 'اصفهان', '8173643111');
export const savedAddresses = [nearAddress, farAddress, otherCityAddress];
export const addedAddress = address(14, true);

export const suggestion: LocationData = { city: 'تهران', district: 'ونک', address: 'تهران، ونک', in_range: true, distance: 0.4 };

export const bill = (overrides: Partial<Bill> = {}): Bill => ({
  pure_price: 3_000_000,
  discount_items: 0,
  first_order: 0,
  permanent_discount: 0,
  discount: 0,
  price: 3_000_000,
  discount_code: null,
  shipping: 350_000,
  tax: 0,
  packaging: 0,
  total: 3_350_000,
  gift: 0,
  wallet: 0,
  payable: 3_350_000,
  ...overrides,
});

export const emptyWallet: WalletView = { balance: 0, used: 0, gift_balance: 0, gift_used: 0, bill: bill() };
export const richWallet: WalletView = { balance: 10_000_000, used: 0, gift_balance: 0, gift_used: 0, bill: bill() };
export const walletInUse: WalletView = { balance: 10_000_000, used: 3_350_000, gift_balance: 0, gift_used: 0, bill: bill({ wallet: 3_350_000, payable: 0 }) };
/** A discount bag of 1,000,000 rial beside a 1,000,000 wallet: before and after the bag is used on the cart. */
export const giftOffered: WalletView = { balance: 1_000_000, used: 0, gift_balance: 1_000_000, gift_used: 0, bill: bill() };
export const giftInUse: WalletView = { balance: 1_000_000, used: 0, gift_balance: 1_000_000, gift_used: 1_000_000, bill: bill({ gift: 1_000_000, payable: 2_350_000 }) };
export const walletReleased: WalletView = richWallet;

export const discounted: Bill & { message: string | null } = { ...bill({ discount: 300_000, price: 2_700_000, discount_code: 'WELCOME10', total: 3_050_000, payable: 3_050_000 }), message: null };
export const worthless = { ...bill(), message: 'این کد تخفیفی برای سبد شما ندارد.' };

export const delivery = (method: 1 | 2 | 3, addressId: number): SelectedDelivery => ({
  order_id: 41,
  address_id: addressId,
  delivery_method: method,
  branch_name: 'کبابی',
  type: 0,
  shipping: method === 1 ? 0 : 350_000,
});

export const placedCash: PlacedOrder = { order_id: 41, status: 3, tracking_code: '411234', paid: false, payable: 3_350_000, redirect_url: null, sep_id: null };
export const placedOnline: PlacedOrder = {
  order_id: 41,
  status: 2,
  tracking_code: '411234',
  paid: false,
  payable: 3_350_000,
  redirect_url: '/sandbox-gateway/pay/tok',
  sep_id: 'tok',
};

const verdict = (outcome: PaymentVerdict['outcome']): PaymentVerdict => ({
  order_id: 41,
  paid: outcome === 'paid',
  status: outcome === 'paid' ? 3 : outcome === 'waiting' ? 2 : 1,
  tracking_code: '411234',
  amount: 3_350_000,
  outcome,
  message: outcome,
});
export const paidVerdict = verdict('paid');
export const canceledVerdict = verdict('canceled');
export const waitingVerdict = verdict('waiting');

export const refusedFailure = { result: 'out_of_range', message: 'این آدرس خارج از محدوده ارسال است.' };
