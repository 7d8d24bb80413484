import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { endpoints, type Code } from '@contract/api';
import { orderItems, orders, users } from '../../server/db/schema';
import { GUEST_COOKIE } from '../../server/services/guest-cart';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, catalogOf, movableClock } from './checkout-support/helpers';

/*
 * Spec §2's shop rules, enforced by the server for every code (issue 9, item 13).
 * The areas below are written out by hand from the issue, so the rule file
 * (contract/rules/shop-access.ts) cannot quietly reclassify a code.
 */

/** Answer to everyone whatever the shop demands: the startup and the login need them. */
const STARTUP: Code[] = ['get_shop', 'select_branch', 'get_user_detail', 'get_slides', 'get_banners', 'get_all_folders', 'get_all_conversations', 'longpull'];
/** The account: login, registration, profile, wallet, access request. */
const ACCOUNT: Code[] = [
  'login', 'check_verify_code', 'complete_register', 'update_profile', 'get_wallet', 'wallet_charge', 'wallet_charge_verify', 'get_invite_data', 'request_access',
  'logout',
  'get_messages', 'send_message_web', 'read_message', 'get_conversation_messages', 'send_message_to_conversation', 'readConversation',
  // Classifieds (issue 31): the publisher's own ads, bookmarks, reports, the chat with a publisher and saved searches.
  'create_new_ty_ad', 'update_ad_ty', 'ty_ad_action', 'ty_my_ads', 'ty_list_bookmarks', 'ty_add_bookmark', 'ty_remove_bookmark', 'ty_report_ad', 'ty_contact_publisher',
  'ty_save_search', 'ty_saved_searches', 'ty_remove_saved_search',
];
/** get_cart: the startup loads it for every visitor, but it is a cart code, so a shop in development refuses it. */
const STARTUP_CART: Code[] = ['get_cart'];
const CATALOG: Code[] = [
  'get_list_item', 'get_item', 'get_items', 'get_tree_item', 'get_breadcrumb', 'get_options', 'add_visit_item', 'get_best_sell_items',
  'get_new_items', 'get_sells_list', 'get_favorites', 'toggle_favorite', 'get_magazines', 'get_magazine_post', 'get_gallery', 'contact_us',
  // Classifieds (issue 31): finding ads is browsing the shop.
  'get_all_ads_ty', 'filter_all_ads_ty', 'ty_ad_counts', 'get_ads_by_location', 'get_ad_ty',
];
const CART: Code[] = ['cart_controller', 'save_comment', 'order_controler'];
const CHECKOUT: Code[] = [
  'get_addresses', 'new_add_addreses', 'update_address', 'delete_address', 'update_address_order', 'get_location_data', 'set_last_location',
  'randomize_geoLocation', 'price_controler', 'discount_compute', 'get_discount_data', 'use_wallet', 'none_use_wallet', 'wallet_operations',
  'final_order', 'get_sep', 'get_factors', 'get_order_by_id', 'repeat_order', 'update_status_order',
];
/** Forms and surveys ask everyone, also at a shop in development (forms.test.ts). */
const FORMS: Code[] = ['get_form', 'submit_form', 'get_survey', 'submit_survey'];

type Visitor = 'anonymous' | -1 | 0 | 1;
const VISITORS: Visitor[] = ['anonymous', -1, 0, 1];
type Refusal = { status: number; result: string } | null;
const LOGIN: Refusal = { status: 401, result: 'login_required' };
const DENIED: Refusal = { status: 403, result: 'access_denied' };
const MAINTENANCE: Refusal = { status: 403, result: 'maintenance' };

/** What spec §2 (and the issue) demand for a code at a shop with one flag, for one visitor. */
function expected(flag: 'none' | 'force_login' | 'access_request' | 'state_of_development', code: Code, visitor: Visitor): Refusal {
  const gated = CATALOG.includes(code) || CART.includes(code) || CHECKOUT.includes(code);
  if (flag === 'state_of_development') return CART.includes(code) || CHECKOUT.includes(code) || STARTUP_CART.includes(code) ? MAINTENANCE : null;
  if (!gated || flag === 'none') return null;
  if (visitor === 'anonymous') return LOGIN;
  return flag === 'access_request' && visitor === -1 ? DENIED : null;
}

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  // Every code is called, longpull too: at a shop without events it is held, briefly here.
  t = await createTestApp({ clock: clock.now, longpollHoldMs: 20 });
});
afterAll(() => t.close());

/** A signed-in user of the shop with this access_flag (its Cookie header and id). */
async function signedIn(slug: string, accessFlag: -1 | 0 | 1) {
  const { userId, cookie } = await t.signIn(slug);
  await t.db.update(users).set({ accessFlag }).where(eq(users.id, userId));
  return { userId, cookie };
}
const visitorCookie = async (slug: string, visitor: Visitor): Promise<string | null> =>
  visitor === 'anonymous' ? null : (await signedIn(slug, visitor)).cookie;

const SHOPS = [
  ['none', 'kebab'],
  ['force_login', 'members'],
  ['access_request', 'wholesale'],
  ['state_of_development', 'soon'],
] as const;

describe('the shop rules of spec §2 on the server: flag × code × visitor', () => {
  it('Scenario: the table classifies every code of the contract exactly once', () => {
    const listed = [...STARTUP, ...ACCOUNT, ...STARTUP_CART, ...CATALOG, ...CART, ...CHECKOUT, ...FORMS];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(endpoints).sort());
  });

  const rows = SHOPS.flatMap(([flag, slug]) => VISITORS.map((visitor) => [flag, slug, visitor] as const));
  it.each(rows)('Scenario: at a shop with %s (%s), visitor %s gets exactly the refusals the rules give, for every code', async (flag, slug, visitor) => {
    const cookie = await visitorCookie(slug, visitor);
    // logout ends the session, so it goes last.
    const codes = (Object.keys(endpoints) as Code[]).sort((a, b) => Number(a === 'logout') - Number(b === 'logout'));
    const wrong: string[] = [];
    for (const code of codes) {
      const reply = await call(t, `${slug}.localhost`, cookie, code);
      const want = expected(flag, code, visitor);
      if (reply.status >= 500) wrong.push(`${code}: ${reply.status}`);
      else if (want && (reply.status !== want.status || reply.result !== want.result)) wrong.push(`${code}: ${reply.status} ${reply.result}, wanted ${want.status} ${want.result}`);
      else if (!want && ['access_denied', 'maintenance'].includes(reply.result ?? '')) wrong.push(`${code}: refused with ${reply.result}`);
      // An anonymous visitor is told to log in only where the code itself needs a login.
      else if (!want && reply.result === 'login_required' && !endpoints[code].login) wrong.push(`${code}: login_required`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the shop rules, scenario by scenario', () => {
  it('Scenario: an anonymous curl of the members-only catalog is told to log in, in fa and en, and the item options route too', async () => {
    const fa = await call(t, 'members.localhost', null, 'get_list_item');
    expect(fa).toMatchObject({ status: 401, result: 'login_required', message: 'لطفا ابتدا وارد شوید' });
    const response = await t.call('members.localhost', { code: 'get_list_item', language: 'en' });
    expect(response.json().message).toBe('Please log in first');

    const { item } = await catalogOf(t.db, 'members');
    const options = await t.app.inject({
      method: 'POST',
      url: '/modules/item_options/item_options.php',
      headers: { host: 'members.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `item_id=${item('Chocolate cake').id}`,
    });
    expect(options.statusCode).toBe(401);
    expect(options.json()).toMatchObject({ result: 'login_required', message: 'لطفا ابتدا وارد شوید' });
  });

  it('Scenario: an anonymous visitor cannot fill a cart at the members or the wholesale shop; no cart row is written', async () => {
    for (const [slug, nameEn] of [['members', 'Chocolate cake'], ['wholesale', 'Blue ballpoint pen (pack of 50)']] as const) {
      const { item, shop } = await catalogOf(t.db, slug);
      const added = await call(t, `${slug}.localhost`, null, 'cart_controller', { item_id: item(nameEn).id, count: 1 });
      expect(added).toMatchObject({ status: 401, result: 'login_required' });
      expect(added.setCookie.some((cookie) => cookie.startsWith(`${GUEST_COOKIE}=`))).toBe(false);
      expect(await t.db.select().from(orders).where(eq(orders.shopId, shop.id))).toEqual([]);
    }
  });

  it('Scenario: at the wholesale shop a denied account (-1) gets access_denied in the Access Denied page\'s words; 0 and 1 shop', async () => {
    const { item } = await catalogOf(t.db, 'wholesale');
    const pen = item('Blue ballpoint pen (pack of 50)').id;
    const denied = await visitorCookie('wholesale', -1);
    const fa = await call(t, 'wholesale.localhost', denied, 'get_item', { id: pen });
    expect(fa).toMatchObject({ status: 403, result: 'access_denied', message: 'درخواست دسترسی شما به این فروشگاه تأیید نشده است.' });
    const en = await t.call('wholesale.localhost', { code: 'cart_controller', item_id: String(pen), count: '1', language: 'en' }, { headers: { cookie: denied ?? '' } });
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('Your request to access this store has not been approved.');
    // The access pages still work for them: the profile and the access request are account codes.
    expect((await call(t, 'wholesale.localhost', denied, 'get_user_detail')).ok).toBe(true);

    for (const flag of [0, 1] as const) {
      const cookie = await visitorCookie('wholesale', flag);
      expect((await call(t, 'wholesale.localhost', cookie, 'get_item', { id: pen })).ok).toBe(true);
      const added = await call(t, 'wholesale.localhost', cookie, 'cart_controller', { item_id: pen, count: 2 });
      expect(added.ok).toBe(true);
      expect(added.data.lines).toHaveLength(1);
    }
  });

  it('Scenario: a logged-in user cannot fill a cart or place an order at the shop in development; its catalog can still be read', async () => {
    const { item, shop } = await catalogOf(t.db, 'soon');
    const product = item('Sample product').id;
    const { userId, cookie } = await signedIn('soon', 1);
    const host = 'soon.localhost';
    const added = await call(t, host, cookie, 'cart_controller', { item_id: product, count: 1 });
    expect(added).toMatchObject({ status: 403, result: 'maintenance', message: 'فروشگاه آنلاین موقتاً تعطیل است.' });
    const en = await t.call(host, { code: 'get_cart', language: 'en' }, { headers: { cookie } });
    expect(en.json()).toMatchObject({ result: 'maintenance', message: 'The online store is temporarily closed.' });
    // A cart left over from before the shop closed cannot be placed either.
    const [cart] = await t.db.insert(orders).values({ shopId: shop.id, userId, deliveryMethod: 1 }).returning();
    await t.db.insert(orderItems).values({ shopId: shop.id, orderId: cart.id, itemId: product, itemCount: 1, price: item('Sample product').price });
    const placed = await call(t, host, cookie, 'final_order', { order_id: cart.id, payment: 'cash', idempotency_key: 'maintenance-1' });
    expect(placed).toMatchObject({ status: 403, result: 'maintenance' });
    expect(await t.db.select().from(orders).where(and(eq(orders.shopId, shop.id), gte(orders.status, 3)))).toEqual([]);

    expect((await call(t, host, cookie, 'get_item', { id: product })).ok).toBe(true);
    expect((await call(t, host, null, 'get_shop')).data).toMatchObject({ state_of_development: 1 });
  });

  it('Scenario: the startup codes answer an anonymous visitor at every gated shop, so the SPA can start and show Login', async () => {
    for (const slug of ['members', 'wholesale']) {
      for (const code of ['get_shop', 'get_user_detail', 'get_cart', 'get_slides', 'get_all_folders', 'get_banners'] as const) {
        expect((await call(t, `${slug}.localhost`, null, code)).ok, `${code} at ${slug}`).toBe(true);
      }
    }
  });
});
