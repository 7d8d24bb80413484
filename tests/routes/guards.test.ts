import { describe, expect, it } from 'vitest';
import { INTERFACE_IDS } from '@contract/index';
import { loginPath, resolveRoute } from '@/routes/guards';
import type { AppFacts, RouteDecision } from '@/routes/guards';
import { catchAllPath, routeTable } from '@/routes/route-table';
import type { RouteEntry } from '@/routes/route-table';
import { secondBranchFixture, shopFixture } from '../machines/fixtures';

type ShopFacts = AppFacts['shop'];
type UserFacts = AppFacts['user'];

const baseShop: ShopFacts = {
  interface_id: shopFixture.interface_id,
  master_flag: 0,
  branch_list_type: 1,
  branches: shopFixture.branches,
  force_login: 0,
  access_request: 0,
  digital_menu_en: 0,
  state_of_development: 0,
  data: shopFixture.data,
};
const twoBranches = [...shopFixture.branches, secondBranchFixture];

const anonymous: UserFacts = null;
const member: UserFacts = { id: 501, access_flag: 1 };
const pending: UserFacts = { id: 502, access_flag: 0 };
const denied: UserFacts = { id: 503, access_flag: -1 };

const shopWith = (override: Partial<ShopFacts> & { dataOverride?: Partial<ShopFacts['data']> } = {}): ShopFacts => {
  const { dataOverride, ...rest } = override;
  return { ...baseShop, ...rest, data: { ...baseShop.data, ...dataOverride } };
};

const render = (route: string, params: Record<string, string | undefined> = {}): RouteDecision =>
  ({ kind: 'render', route, params }) as RouteDecision;
const redirect = (to: string, from?: string): RouteDecision => (from ? { kind: 'redirect', to, from } : { kind: 'redirect', to });
/** Rule 5: a login ends on the page it started from (the `from` the login pages carry), else the home. */
const backToOrigin: RouteDecision = { kind: 'redirect', to: '/', toOrigin: true };
const notFound: RouteDecision = { kind: 'not-found' };
const maintenance: RouteDecision = { kind: 'maintenance' };

const RULES = [
  'maintenance',
  'match',
  'other interface',
  'master shop',
  'anonymous only',
  'authentication',
  'force login',
  'access request',
  'digital menu',
  'home variant',
  'branch list',
  'root',
  'login required',
  'render',
] as const;
type RuleName = (typeof RULES)[number];

type Row = [rule: RuleName, description: string, path: string, shop: Parameters<typeof shopWith>[0], user: UserFacts, expected: RouteDecision];

const rows: Row[] = [
  ['maintenance', 'a shop in development shows maintenance', '/', { state_of_development: 1 }, anonymous, maintenance],
  ['maintenance', 'maintenance comes before Not Found', '/no-such-page', { state_of_development: 1 }, member, maintenance],
  ['maintenance', 'maintenance comes before the master shop', '/cat', { state_of_development: 1, master_flag: 1 }, anonymous, maintenance],

  ['match', 'an unknown path is Not Found', '/no-such-page', {}, anonymous, notFound],
  ['match', 'a deep unknown path is Not Found', '/profile/unknown/deep', {}, member, notFound],
  ['match', 'a category id without its name is Not Found', '/cat/5', {}, anonymous, notFound],
  ['match', 'a level-1 category id without its name is Not Found', '/cat-level1/5', {}, anonymous, notFound],
  ['match', 'an item id without its name is Not Found', '/item/5', {}, anonymous, notFound],
  ['match', 'a product without its name is Not Found', '/product/5', {}, anonymous, notFound],
  ['match', 'a category with id and name renders', '/cat/5/drinks', {}, anonymous, render('cat', { id: '5', cat_name: 'drinks' })],
  ['match', 'a category with neither id nor name renders', '/cat', {}, anonymous, render('cat', {})],
  ['match', 'a trailing slash is tolerated', '/cat/5/drinks/2/', {}, anonymous, render('cat', { id: '5', cat_name: 'drinks', page: '2' })],
  ['match', 'doubled slashes are tolerated', '//search//3//', {}, anonymous, render('search', { page: '3' })],
  ['match', 'static segments ignore case like React Router', '/Information', {}, anonymous, render('information')],
  ['match', 'a Persian name is decoded', '/item/9/%DA%A9%D8%A8%D8%A7%D8%A8', {}, anonymous, render('item', { id: '9', item_name: 'کباب' })],
  ['match', 'a malformed escape is Not Found, not a crash', '/item/9/%E0%A4%A', {}, anonymous, notFound],
  ['match', 'a magazine post beats a magazine page', '/magazine/post/3/news', {}, anonymous, render('magazine-post', { id: '3', name: 'news' })],
  ['match', 'a magazine page', '/magazine/2', {}, anonymous, render('magazine', { page: '2' })],
  ['match', 'the chat list is the bare /home-4/chat', '/home-4/chat', { interface_id: 4 }, member, render('classifieds-chat-list')],
  ['match', 'a chat with an id is its own route', '/home-4/chat/9', { interface_id: 4 }, anonymous, render('classifieds-chat', { id: '9' })],

  ['other interface', '/cart-items is Not Found outside interface 7', '/cart-items', {}, anonymous, notFound],
  ['other interface', '/cart-items renders for interface 7', '/cart-items', { interface_id: 7 }, anonymous, render('cart-items')],
  ['other interface', 'classifieds pages are Not Found outside interface 4', '/home-4/tejari', { interface_id: 2 }, member, notFound],
  ['other interface', 'classifieds pages render for interface 4', '/home-4/tejari', { interface_id: 4 }, anonymous, render('classifieds-tejari')],

  ['master shop', 'a master shop sends / to /branch', '/', { master_flag: 1 }, anonymous, redirect('/branch')],
  ['master shop', 'a master shop sends a category to /branch', '/cat/1/kebab', { master_flag: 1 }, member, redirect('/branch')],
  ['master shop', 'a master shop with branch_list_type 2 sends to /branch2', '/profile', { master_flag: 1, branch_list_type: 2 }, member, redirect('/branch2')],
  ['master shop', 'a master shop renders /branch', '/branch', { master_flag: 1 }, anonymous, render('branch')],
  ['master shop', 'a master shop renders /branch2', '/branch2', { master_flag: 1, branch_list_type: 2 }, anonymous, render('branch2')],
  ['master shop', 'a master shop renders its branch list', '/branch-list', { master_flag: 1, branches: twoBranches, dataOverride: { branch_list_detail_page: 1 } }, anonymous, render('branch-list')],
  ['master shop', 'a master shop still lets a visitor log in', '/authentication/login', { master_flag: 1, force_login: 1 }, anonymous, render('login')],
  ['master shop', 'a master shop shows access denied to a denied user', '/access-denied', { master_flag: 1, access_request: 1 }, denied, render('access-denied')],

  ['anonymous only', 'a logged-in user on Login goes back where they were going, else /', '/authentication/login', {}, member, backToOrigin],
  ['anonymous only', 'a logged-in user on Verify goes back where they were going, else /', '/authentication/verify', {}, member, backToOrigin],
  ['anonymous only', 'a logged-in user on Register goes back where they were going, else /', '/authentication/register/', {}, pending, backToOrigin],

  ['authentication', 'an anonymous user reaches Login', '/authentication/login', {}, anonymous, render('login')],
  ['authentication', 'Verify stays open at a force_login shop', '/authentication/verify', { force_login: 1 }, anonymous, render('verify')],
  ['authentication', 'Register stays open at an access-request shop', '/authentication/register', { access_request: 1 }, anonymous, render('register')],

  ['force login', 'force_login sends an anonymous visitor on / to Login', '/', { force_login: 1 }, anonymous, redirect(loginPath, '/')],
  ['force login', 'force_login sends an open page to Login with from', '/cat/1/kebab/', { force_login: 1 }, anonymous, redirect(loginPath, '/cat/1/kebab')],
  ['force login', 'force_login covers branch pages too', '/branch', { force_login: 1 }, anonymous, redirect(loginPath, '/branch')],
  ['force login', 'force_login lets a logged-in user through', '/', { force_login: 1 }, member, render('home')],

  ['access request', 'an access-request shop sends an anonymous visitor to Login', '/gallery', { access_request: 1 }, anonymous, redirect(loginPath, '/gallery')],
  ['access request', 'an anonymous visitor may open /access-request (the login page links it; it says to log in first)', '/access-request', { access_request: 1 }, anonymous, render('access-request')],
  ['access request', 'access_flag -1 goes to Access Denied', '/gallery', { access_request: 1 }, denied, redirect('/access-denied')],
  ['access request', 'access_flag -1 on / goes to Access Denied', '/', { access_request: 1 }, denied, redirect('/access-denied')],
  ['access request', 'access_flag -1 sees Access Denied itself', '/access-denied', { access_request: 1 }, denied, render('access-denied')],
  ['access request', 'access_flag -1 may still request access', '/access-request', { access_request: 1 }, denied, render('access-request')],
  ['access request', 'an approved user (1) on Access Denied goes home: they were not refused', '/access-denied', { access_request: 1 }, member, redirect('/')],
  ['access request', 'a user waiting for an answer (0) on Access Denied goes home', '/access-denied', { access_request: 1 }, pending, redirect('/')],
  ['access request', 'Access Denied at a shop without access requests goes home', '/access-denied', { access_request: 0 }, denied, redirect('/')],
  ['access request', 'an anonymous visitor on Access Denied logs in first', '/access-denied', { access_request: 1 }, null, redirect('/authentication/login', '/access-denied')],
  ['access request', 'access_flag 0 proceeds', '/gallery', { access_request: 1 }, pending, render('gallery')],
  ['access request', 'access_flag 1 proceeds', '/gallery', { access_request: 1 }, member, render('gallery')],
  ['access request', 'access_flag -1 means nothing where no access request is needed', '/gallery', { access_request: 0 }, denied, render('gallery')],

  ['digital menu', 'the digital menu is Not Found when disabled', '/digital', { digital_menu_en: 0 }, anonymous, notFound],
  ['digital menu', 'a digital menu page is Not Found when disabled', '/digital/4', { digital_menu_en: 0 }, member, notFound],
  ['digital menu', 'the digital menu renders when enabled', '/digital/4', { digital_menu_en: 1 }, anonymous, render('digital', { id: '4' })],

  ['home variant', '/home goes to /home-2 for interface 2', '/home', {}, anonymous, redirect('/home-2')],
  ['home variant', '/home/:id goes to /home-4 for interface 4', '/home/12', { interface_id: 4 }, anonymous, redirect('/home-4')],
  ['home variant', '/home goes to /home-102 for interface 102', '/home/', { interface_id: 102 }, member, redirect('/home-102')],
  ['home variant', 'another interface\'s home goes to this shop\'s home', '/home-5', { interface_id: 3 }, anonymous, redirect('/home-3')],
  ['home variant', 'the classifieds home goes to this shop\'s home elsewhere', '/home-4', { interface_id: 101 }, anonymous, redirect('/home-101')],
  ['home variant', 'the shop\'s own home variant renders', '/home-99', { interface_id: 99 }, anonymous, render('home-variant')],

  ['branch list', 'the branch list is Not Found with one branch', '/branch-list', { dataOverride: { branch_list_detail_page: 1 } }, anonymous, notFound],
  ['branch list', 'the branch list is Not Found without the detail page flag', '/branch-list', { branches: twoBranches }, anonymous, notFound],
  ['branch list', 'the branch list renders with several branches and the flag', '/branch-list', { branches: twoBranches, dataOverride: { branch_list_detail_page: 1 } }, anonymous, render('branch-list')],
  ['branch list', 'a branch detail renders likewise', '/branch-list/detail/12', { branches: twoBranches, dataOverride: { branch_list_detail_page: 1 } }, member, render('branch-list-detail', { id: '12' })],
  ['branch list', 'a branch detail is Not Found without the flag', '/branch-list/detail/12', { branches: twoBranches }, member, notFound],

  ['root', '/ goes to /branch when the shop starts from its branches', '/', { branches: twoBranches, dataOverride: { start_from_branchlist_page: 1 } }, anonymous, redirect('/branch')],
  ['root', '/ goes to /branch2 for branch_list_type 2', '/', { branches: twoBranches, branch_list_type: 2, dataOverride: { start_from_branchlist_page: 1 } }, member, redirect('/branch2')],
  ['root', '/ renders home with a single branch', '/', { dataOverride: { start_from_branchlist_page: 1 } }, anonymous, render('home')],
  ['root', '/ renders home when the shop does not start from branches', '/', { branches: twoBranches }, anonymous, render('home')],

  ['login required', 'an anonymous visitor on /profile goes to Login with from', '/profile', {}, anonymous, redirect(loginPath, '/profile')],
  ['login required', 'an anonymous visitor on an order goes to Login with from', '/archive-orders/detail/8', { interface_id: 3 }, anonymous, redirect(loginPath, '/archive-orders/detail/8')],
  ['login required', 'interface 102 opens the login modal instead', '/profile', { interface_id: 102 }, anonymous, { kind: 'login-modal', route: 'profile', params: {} }],
  ['login required', 'the modal keeps the route params', '/cart/address/edit/4', { interface_id: 102 }, anonymous, { kind: 'login-modal', route: 'cart-address-edit', params: { id: '4' } }],
  ['login required', 'classifieds bookmarks need login', '/home-4/tejari/profile/bookmark-ads', { interface_id: 4 }, anonymous, redirect(loginPath, '/home-4/tejari/profile/bookmark-ads')],
  ['login required', 'a logged-in user sees the profile', '/profile/wallet', {}, member, render('profile-wallet')],
  ['login required', 'publishing a classified ad needs login (issue 31)', '/home-4/new/rent/apartment', { interface_id: 4 }, anonymous, redirect(loginPath, '/home-4/new/rent/apartment')],
  ['login required', "my ads need login (issue 31)", '/home-4/tejari/profile/my-ads', { interface_id: 4 }, anonymous, redirect(loginPath, '/home-4/tejari/profile/my-ads')],
  ['render', 'a logged-in publisher opens the wizard with its preselection', '/home-4/new/rent/apartment', { interface_id: 4 }, member, render('classifieds-new-request', { request: 'rent', type: 'apartment' })],

  ['render', 'home renders for an anonymous visitor', '/', {}, anonymous, render('home')],
  ['render', 'an open page renders for a logged-in user', '/rules', {}, member, render('rules')],
];

describe('resolveRoute: the guard table (spec §2)', () => {
  it.each(rows)('%s: %s (%s)', (_rule, _description, path, shop, user, expected) => {
    expect(resolveRoute(path, { shop: shopWith(shop), user })).toEqual(expected);
  });

  it('the table has rows for every rule', () => {
    expect(new Set(rows.map(([rule]) => rule))).toEqual(new Set(RULES));
  });
});

const SAMPLE_PARAMS: Record<string, string> = {
  id: '7',
  name: 'kebab',
  cat_name: 'drinks',
  item_name: 'koobideh',
  page: '2',
  request: 'sale',
  type: 'rent',
};

/** The entry's path with every parameter filled in. */
const samplePath = (entry: RouteEntry) =>
  entry.path === catchAllPath
    ? '/definitely/not/a/route'
    : entry.path.replace(/:(\w+)\??/g, (_match, name: string) => {
        const value = SAMPLE_PARAMS[name];
        if (value === undefined) throw new Error(`no sample for :${name} in ${entry.path}`);
        return value;
      });

/** The entry's path with every optional parameter left out (required ones filled in). */
const barePath = (entry: RouteEntry) => entry.path.replace(/\/:\w+\?/g, '') || '/';
const requiredParams = (entry: RouteEntry) =>
  Object.fromEntries([...entry.path.matchAll(/:(\w+)(?!\?)\b/g)].map(([, name]) => [name, SAMPLE_PARAMS[name]]));

/** Facts under which only the entry's own access decides (its interface, digital menu on, a visible branch list). */
const factsFor = (entry: RouteEntry, user: UserFacts): AppFacts => ({
  shop: shopWith({
    interface_id: entry.interfaces?.[0] ?? entry.homeOf ?? 2,
    digital_menu_en: 1,
    branches: twoBranches,
    dataOverride: { branch_list_detail_page: 1 },
  }),
  user,
});

function expectedByAccess(entry: RouteEntry, path: string, user: UserFacts, params: Record<string, string | undefined>): RouteDecision {
  if (entry.path === catchAllPath) return notFound;
  if (entry.id === 'home-redirect') return redirect(`/home-${factsFor(entry, user).shop.interface_id}`);
  if (entry.access === 'login' && user === null) return redirect(loginPath, path);
  if (entry.access === 'anonymous-only' && user !== null) return backToOrigin;
  // Access Denied is the page of a refused user only (the rows above): anyone else goes home.
  if (entry.id === 'access-denied') return redirect('/');
  return render(entry.id, params);
}

const sampleParams = (entry: RouteEntry) =>
  Object.fromEntries([...entry.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, SAMPLE_PARAMS[name]]));

describe('resolveRoute: every entry of the route table', () => {
  const entries = routeTable.map((entry) => [`${entry.id} ${entry.path}`, entry] as const);

  describe.each(entries)('%s', (_name, entry) => {
    it.each([
      ['an anonymous visitor', anonymous],
      ['a logged-in user', member],
    ])('with all params, for %s, it does what its access says', (_who, user) => {
      const path = samplePath(entry);
      expect(resolveRoute(path, factsFor(entry, user))).toEqual(expectedByAccess(entry, path, user, sampleParams(entry)));
    });

    it('without its optional params it still resolves to itself (or the entry that owns the bare path)', () => {
      const bare = barePath(entry);
      const owner = routeTable.find((other) => other.path === bare) ?? entry;
      const path = samplePath({ ...entry, path: bare });
      const decision = resolveRoute(path, factsFor(entry, member));
      expect(decision).toEqual(expectedByAccess(owner, path, member, requiredParams(owner)));
    });

    it('a master shop shows it only if it is a branch, authentication or access page', () => {
      const decision = resolveRoute(samplePath(entry), { ...factsFor(entry, anonymous), shop: { ...factsFor(entry, anonymous).shop, master_flag: 1 } });
      const reachable = entry.branchPage || entry.access === 'anonymous-only' || entry.id === 'access-denied' || entry.id === 'access-request';
      if (entry.path === catchAllPath) expect(decision).toEqual(notFound);
      else if (entry.id === 'access-denied') expect(decision).toEqual(redirect('/'));
      else if (reachable) expect(decision.kind).toBe('render');
      else expect(decision).toEqual(redirect('/branch'));
    });

    it('under another interface it is Not Found if it belongs to one interface, else unchanged', () => {
      const facts = factsFor(entry, member);
      const other = INTERFACE_IDS.find((id) => id !== facts.shop.interface_id && !entry.interfaces?.includes(id)) ?? 2;
      const decision = resolveRoute(samplePath(entry), { ...facts, shop: { ...facts.shop, interface_id: other } });
      if (entry.interfaces) expect(decision).toEqual(notFound);
      else if (entry.homeOf || entry.id === 'home-redirect') expect(decision).toEqual(redirect(`/home-${other}`));
      else expect(decision).toEqual(expectedByAccess(entry, samplePath(entry), member, sampleParams(entry)));
    });
  });

  // Issue 3 (catalog and content pages).
  const accountRoutes = ['login', 'verify', 'register', 'profile', 'profile-information', 'profile-wallet', 'introduction', 'access-request'];
  const catalogRoutes = ['cat-level1', 'cat', 'search', 'item', 'product', 'profile-favorite', 'magazine', 'magazine-post', 'gallery', 'digital', 'information', 'about-us', 'contact', 'rules', 'privacy', 'moremenu'];

  // Issue 5 (orders).
  const orderRoutes = ['archive-orders', 'archive-order-detail', 'profile-archive-orders'];
  // Issue 5 (cart and checkout).
  const branchRoutes = ['branch', 'branch2', 'branch-list', 'branch-list-detail', 'splash'];
  const formRoutes = ['form', 'collaborate', 'survey', 'success-survey'];
  // Issue 13 (support chat and messages).
  const chatRoutes = ['support', 'messages'];
  // Issue 31 (the classifieds' finding side).
  const classifiedsFindRoutes = ['classifieds-detail', 'classifieds-chat', 'classifieds-bookmarks'];
  // Issue 31 (classifieds: publishing, my ads, the classifieds profile).
  const publishingRoutes = ['classifieds-new', 'classifieds-new-request', 'classifieds-edit', 'classifieds-profile', 'classifieds-my-ads'];
  // Issue 31 (classifieds: the chat list, the commercial home, the menu and the content pages).
  const classifiedsRestRoutes = ['classifieds-chat-list', 'classifieds-tejari-home', 'classifieds-tejari', 'classifieds-about-us', 'classifieds-privacy', 'classifieds-roles', 'classifieds-support'];
  const cartRoutes = ['cart', 'basket', 'cart-items', 'cart-address', 'cart-address-list', 'cart-address-add', 'cart-address-add-detail', 'cart-address-post', 'cart-address-edit', 'cart-payment', 'successful-payment'];

  it('the built routes are the skeleton\'s (home, home variants, Not Found, Access Denied) and those of later issues', () => {
    const built = routeTable.filter((entry) => entry.built).map((entry) => entry.id);
    expect(new Set(built)).toEqual(new Set(['home', 'home-variant', 'not-found', 'access-denied', ...catalogRoutes, ...accountRoutes, ...orderRoutes, ...cartRoutes, ...branchRoutes, ...formRoutes, ...chatRoutes, ...classifiedsFindRoutes, ...publishingRoutes, ...classifiedsRestRoutes]));
    expect(routeTable.filter((entry) => entry.id === 'home-variant').map((entry) => entry.homeOf)).toEqual([...INTERFACE_IDS]);
  });

  it('no route of the classifieds app (under /home-4) is left "coming soon"', () => {
    const classifieds = routeTable.filter((entry) => entry.path.startsWith('/home-4'));
    expect(classifieds.length).toBeGreaterThan(10);
    expect(classifieds.filter((entry) => !entry.built).map((entry) => entry.path)).toEqual([]);
  });
});

describe('resolveRoute: redirects always settle', () => {
  const flags = [0, 1] as const;
  const users: UserFacts[] = [anonymous, denied, pending, member];

  it('following redirects from any route under any shop settings ends on a page within 4 hops', () => {
    let checked = 0;
    for (const master_flag of flags)
      for (const force_login of flags)
        for (const access_request of flags)
          for (const start_from_branchlist_page of flags)
            for (const branch_list_detail_page of flags)
              for (const branches of [shopFixture.branches, twoBranches])
                for (const interface_id of [2, 4, 102] as const)
                  for (const user of users) {
                    const facts: AppFacts = {
                      shop: shopWith({ master_flag, force_login, access_request, branches, interface_id, dataOverride: { start_from_branchlist_page, branch_list_detail_page } }),
                      user,
                    };
                    for (const entry of routeTable) {
                      let decision = resolveRoute(samplePath(entry), facts);
                      for (let hop = 0; hop < 4 && decision.kind === 'redirect'; hop++) decision = resolveRoute(decision.to, facts);
                      expect(decision.kind, `${samplePath(entry)} for ${JSON.stringify(facts)}`).not.toBe('redirect');
                      checked++;
                    }
                  }
    expect(checked).toBe(2 ** 5 * 2 * 3 * users.length * routeTable.length);
  });
});

describe('the route table is the complete route list of spec §2', () => {
  // Written out from spec §2 by hand, so the table cannot quietly lose or invent a route.
  const specPaths = [
    '/authentication/login',
    '/authentication/verify',
    '/authentication/register',
    '/branch-list',
    '/branch-list/detail/:id?',
    '/branch',
    '/branch2',
    '/form/:id?',
    '/access-denied',
    '/access-request',
    '/contact',
    '/collaborate',
    '/about-us',
    '/magazine/:page?',
    '/magazine/post/:id/:name',
    '/product/:id/:name',
    '/',
    '/digital/:id?',
    '/home/:id?',
    '/home-2',
    '/home-3',
    '/home-4',
    '/home-5',
    '/home-7',
    '/home-99',
    '/home-100',
    '/home-101',
    '/home-102',
    '/home-4/detail/:id?',
    '/home-4/tejari-home',
    '/home-4/chat',
    '/home-4/chat/:id?',
    '/home-4/new',
    '/home-4/new/:request?/:type?',
    '/home-4/edit/:id?',
    '/home-4/tejari/profile',
    '/home-4/tejari/profile/my-ads',
    '/home-4/tejari/profile/bookmark-ads',
    '/home-4/tejari',
    '/home-4/about-us',
    '/home-4/privacy',
    '/home-4/roles',
    '/home-4/support',
    '/information',
    '/cat-level1/:id?/:cat_name?',
    '/cat/:id?/:cat_name?/:page?',
    '/search/:page?',
    '/item/:id?/:item_name?',
    '/support',
    '/messages',
    '/archive-orders',
    '/archive-orders/detail/:id',
    '/successful-payment/:id?',
    '/profile',
    '/profile/archive-orders',
    '/profile/favorite/:page?',
    '/profile/information',
    '/profile/wallet',
    '/cart',
    '/cart/address',
    '/cart/address/listAddress',
    '/cart/address/edit/:id?',
    '/cart/address/post-address',
    '/cart/address/add',
    '/cart/address/add/detail',
    '/cart/payment',
    '/survey',
    '/success-survey',
    '/introduction',
    '/gallery',
    '/moremenu',
    '/basket',
    '/cart-items',
    '/splash',
    '/privacy',
    '/rules',
    '*',
  ];

  it('has exactly the spec paths, each once', () => {
    const tablePaths = routeTable.map((entry) => entry.path);
    expect(new Set(tablePaths).size).toBe(tablePaths.length);
    expect([...tablePaths].sort()).toEqual([...specPaths].sort());
  });

  it('marks the login-required routes of spec §2 as login', () => {
    const loginPaths = routeTable.filter((entry) => entry.access === 'login').map((entry) => entry.path);
    expect(loginPaths.sort()).toEqual(
      [
        '/home-4/chat',
        '/home-4/tejari/profile/bookmark-ads',
        '/home-4/new',
        '/home-4/new/:request?/:type?',
        '/home-4/edit/:id?',
        '/home-4/tejari/profile',
        '/home-4/tejari/profile/my-ads',
        '/home-4/support',
        '/support',
        '/messages',
        '/archive-orders',
        '/archive-orders/detail/:id',
        '/successful-payment/:id?',
        '/profile',
        '/profile/archive-orders',
        '/profile/favorite/:page?',
        '/profile/information',
        '/profile/wallet',
        '/cart',
        '/cart/address',
        '/cart/address/listAddress',
        '/cart/address/edit/:id?',
        '/cart/address/post-address',
        '/cart/address/add',
        '/cart/address/add/detail',
        '/cart/payment',
      ].sort(),
    );
    expect(routeTable.filter((entry) => entry.access === 'anonymous-only').map((entry) => entry.id)).toEqual(['login', 'verify', 'register']);
  });

  it('marks exactly the branch pages for a master shop (and /splash, whose branch_id chooses one)', () => {
    expect(routeTable.filter((entry) => entry.branchPage).map((entry) => entry.path)).toEqual(['/branch-list', '/branch-list/detail/:id?', '/branch', '/branch2', '/splash']);
  });
});
