import * as v from 'valibot';
import { AddressSchema, LocationDataSchema, SelectedDeliverySchema } from '../entities/address';
import { CartSchema } from '../entities/cart';
import { DiscountResultSchema } from '../entities/discount';
import { WALLET_TYPES } from '../entities/account';
import { BillSchema, FactorSchema, OrderSummarySchema, PAYMENT_TYPES } from '../entities/order';
import { blankAsAbsent, blankOr, coordinate, id, integer, jsonField, smallint, text } from '../fields';
import { TEXT_MAX } from '../rules/limits';

// label and address are checked by the action, so the spec's own messages (§5) answer a missing one.
const addressFields = {
  label: v.optional(text({ max: TEXT_MAX.addressLabel }), ''),
  address: v.optional(text({ max: TEXT_MAX.address, multiline: true }), ''),
  lat: v.optional(coordinate()),
  lng: v.optional(coordinate()),
  city: v.optional(text({ max: TEXT_MAX.city }), ''),
  postal_code: v.optional(text({ max: TEXT_MAX.postalCode }), ''),
};

const orderRef = { order_id: id() };

/** WalletView: what the wallet holds and what this order takes from it. */
/** The wallet's and the discount bag's balances and what each pays of the cart (the bill's wallet and gift). */
const WalletViewSchema = v.object({
  balance: v.number(),
  used: v.number(),
  gift_balance: v.number(),
  gift_used: v.number(),
  bill: BillSchema,
  /** the cart pays from the wallet (use_wallet), whatever it comes to */
  wallet_in_use: v.optional(v.boolean()),
  /** the delivery update_address_order stored on the cart, null before one was chosen: a reloaded checkout resumes from it */
  delivery: v.optional(v.nullable(SelectedDeliverySchema)),
});
/** use_wallet / none_use_wallet `type`: gift (the discount bag, spec §7), or absent for the wallet. */
const walletType = blankOr(v.picklist(WALLET_TYPES), 'wallet');

/** The checkout and order codes (issue 5). Writes run in one transaction (`writes: true`). */
export const checkoutEndpoints = {
  get_addresses: {
    summary: 'The user\'s saved addresses, newest first, each with in_range for courier delivery.',
    request: v.object({}),
    data: v.array(AddressSchema),
    login: true,
  },
  new_add_addreses: {
    summary: 'Saves a new address (id 0). Spec §5 validation: label > 3 characters, address > 5, lat and lng required.',
    request: v.object({ id: blankOr(id(), 0), ...addressFields }),
    data: AddressSchema,
    login: true,
    writes: true,
  },
  update_address: {
    summary: 'Changes one of the user\'s addresses (same validation as new_add_addreses).',
    request: v.object({ id: id(), ...addressFields }),
    data: AddressSchema,
    login: true,
    writes: true,
  },
  delete_address: {
    summary: 'Deletes one of the user\'s addresses (the SPA confirms first).',
    request: v.object({ id: id() }),
    data: v.object({ id: v.number() }),
    login: true,
    writes: true,
  },
  update_address_order: {
    summary:
      'Chooses the cart\'s delivery: method 1 pickup (address_id 0), 2 courier (an in-range address, else 409 `out_of_range`), 3 another city (an address with city and postal code).',
    request: v.object({
      order_id: blankAsAbsent(id()),
      address_id: blankOr(id(), 0),
      delivery_method: smallint(),
      branch_name: v.optional(text({ max: TEXT_MAX.branchName }), ''),
      type: blankOr(smallint(), 0),
      address: v.optional(text({ max: TEXT_MAX.address, multiline: true })),
    }),
    data: SelectedDeliverySchema,
    login: true,
    writes: true,
  },
  get_location_data: {
    summary: 'A suggested address for a point (nearest known city and district, offline), and whether couriers reach it.',
    request: v.object({ lat: coordinate(), lng: coordinate() }),
    data: LocationDataSchema,
    login: false,
  },
  set_last_location: {
    summary: 'Remembers the user\'s last map position.',
    request: v.object({ lat: coordinate(), lng: coordinate() }),
    data: v.object({ lat: v.number(), lng: v.number() }),
    login: true,
    writes: true,
  },
  randomize_geoLocation: {
    summary: 'A random point between min_radius and max_radius metres from lat/lng (to blur a shown position).',
    request: v.object({ lat: coordinate(), lng: coordinate(), min_radius: blankOr(integer(), 0), max_radius: blankOr(integer(), 500) }),
    data: v.object({ lat: v.number(), lng: v.number() }),
    login: false,
  },
  price_controler: {
    summary:
      'A quote of shipping for a delivery method and address or location, nothing stored: address id under 10 -> 0; free on the first order where the shop enables it. A courier point outside every branch radius is answered 200 with `out_of_range: true` and `distance` (the nearest branch\'s, null without one), so the address step can say so; choosing it (update_address_order) and placing the order (final_order) are refused with 409 `out_of_range`.',
    request: v.object({
      ...orderRef,
      delivery_method: smallint(),
      location: v.optional(jsonField(v.object({ latitude: coordinate(), longitude: coordinate() }))),
      address: blankAsAbsent(id()),
    }),
    data: v.object({ shipping: v.number(), distance: v.nullable(v.number()), out_of_range: v.boolean(), bill: BillSchema }),
    login: true,
  },
  discount_compute: {
    summary:
      'Applies a discount code to the cart: empty -> "لطفا کد تخفیف را وارد کنید", unknown -> "کد تخفیف وجود ندارد", expired/minimum/limits -> their message; the bill with the code. `remove=1` takes the applied code off (the bill without it).',
    // remove 1 (not in the spec): the applied code is taken off the cart.
    request: v.object({ ...orderRef, internal_order: blankAsAbsent(integer()), discount: v.optional(text(), ''), remove: blankAsAbsent(smallint()) }),
    data: DiscountResultSchema,
    login: true,
    writes: true,
  },
  get_discount_data: {
    summary: 'The cart\'s bill: pure_price, discount_items, first_order, permanent_discount, discount, price, shipping, tax, packaging, wallet, payable.',
    request: v.object(orderRef),
    data: DiscountResultSchema,
    login: true,
  },
  use_wallet: {
    summary:
      'Pays part or all of the cart from the wallet, or with type gift from the discount bag (first, before the wallet); taken when the order is placed. An empty discount bag -> 409 `gift_empty`.',
    request: v.object({ ...orderRef, type: walletType }),
    data: WalletViewSchema,
    login: true,
    writes: true,
  },
  none_use_wallet: {
    summary: 'Stops paying the cart from the wallet, or with type gift from the discount bag.',
    request: v.object({ ...orderRef, type: walletType }),
    data: WalletViewSchema,
    login: true,
    writes: true,
  },
  wallet_operations: {
    summary: 'Wallet for the cart: operation 1 use, 2 stop using, 0 read.',
    request: v.object({ ...orderRef, operation: blankOr(v.pipe(smallint(), v.picklist([0, 1, 2])), 0) }),
    data: WalletViewSchema,
    login: true,
    writes: true,
  },
  final_order: {
    summary:
      'Places the cart: payment cash | card_reader | online | money_transfer | wallet (online only when the server has a gateway: else 400 `payment_unavailable`); preordertime "now", "HH:mm" or "YYYY-MM-DD HH:mm" within the shop\'s hours, a pre-order no more than shift_data.preorder_days ahead (400 `preorder_too_far`); idempotency_key replays the first answer (same key, other body: 422 `idempotency_mismatch`); without a key a repeat for a placed cart answers that order as it stands; an order whose pure price or total is above the shop\'s order_total_max is 409 `order_total_max` on every payment method, nothing written. Online answers redirect_url (the gateway page); the order is paid only after get_sep verifies.',
    request: v.object({
      ...orderRef,
      payment: v.picklist(PAYMENT_TYPES),
      /** the server's gateway when absent; another name is 400 `gateway_unknown` */
      gateway: blankAsAbsent(text()),
      preordertime: v.optional(text(), 'now'),
      /** 1: an in-store or QR order (the visit came through /splash?internal_order=1); kept on the order */
      internal_order: blankOr(v.pipe(smallint(), v.picklist([0, 1])), 0),
      shop_id: blankAsAbsent(id()),
      /** optional (spec §7 does not send one): without it the cart itself is the key */
      idempotency_key: blankAsAbsent(v.pipe(text(), v.minLength(8), v.maxLength(100))),
    }),
    data: v.object({
      order_id: v.number(),
      status: v.number(),
      tracking_code: v.string(),
      paid: v.boolean(),
      payable: v.number(),
      /** the gateway page to open for online payment, else null */
      redirect_url: v.nullable(v.string()),
      sep_id: v.nullable(v.string()),
    }),
    login: true,
    writes: true,
  },
  get_sep: {
    summary: 'Verifies a returning payment (sep_id from the gateway callback) with the gateway, server-side; only a verified payment marks the order paid. An attempt voided because the cart changed is refunded through the bank when the bank captured it (`refunded`, once; a refund the bank refuses waits and is asked again). Repeats change nothing.',
    request: v.object({ sep_id: v.pipe(text(), v.minLength(1), v.maxLength(100)) }),
    data: v.object({
      order_id: v.number(),
      paid: v.boolean(),
      status: v.number(),
      tracking_code: v.string(),
      amount: v.number(),
      /** 'paid', 'canceled', 'failed' or 'waiting' (the bank has no final answer yet) */
      outcome: v.picklist(['paid', 'canceled', 'failed', 'waiting']),
      /** rial of this attempt returned to the wallet because the bank captured it after it was voided; 0 when none (always sent; `message` says it too) */
      refunded: v.optional(v.number()),
      message: v.string(),
    }),
    login: true,
    writes: true,
  },
  get_factors: {
    summary: 'The user\'s placed orders at every shop of the brand (a chain\'s customer sees all its branches\' orders, each with its `branch`), newest first: tab "active" (status 3), "previous" (above 3) or all.',
    request: v.object({ tab: v.optional(v.picklist(['active', 'previous', 'all']), 'all') }),
    data: v.array(OrderSummarySchema),
    login: true,
  },
  get_order_by_id: {
    summary: 'One of the user\'s placed orders, at any shop of the brand, as an invoice. repeat_order and update_status_order of another branch\'s order answer 409 `order_other_branch`.',
    request: v.object({ id: id() }),
    data: FactorSchema,
    login: true,
  },
  repeat_order: {
    summary: 'Adds the lines of a past order to the cart at today\'s prices (the SPA confirms first).',
    request: v.object({ id: id() }),
    data: CartSchema,
    login: true,
    writes: true,
  },
  update_status_order: {
    summary: 'The customer cancels a pending (status 3) order: status 7; wallet and online payments are refunded to the wallet. Without order_id (spec §7 sends only status): the newest pending order.',
    request: v.object({ order_id: blankAsAbsent(id()), status: smallint() }),
    data: OrderSummarySchema,
    login: true,
    writes: true,
  },
} as const;
