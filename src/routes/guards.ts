import type { Shop, User } from '@contract/index';
import { isInDevelopment, shopAdmission } from '@contract/rules/shop-access';
import { hasHalfGivenPair, matchRoute, normalizePath } from './match-route';
import type { RouteMatch, RouteParams } from './match-route';
import type { RouteId } from './route-table';

/*
 * Route guards (spec §2), applied in this order; the first rule that decides wins.
 *
 * | #  | rule                  | when                                                                  | decision                                       |
 * |----|-----------------------|-----------------------------------------------------------------------|------------------------------------------------|
 * | 1  | maintenance           | shop.state_of_development = 1                                         | maintenance                                    |
 * | 2  | match                 | no entry matches (catch-all), or an id/name pair is half given        | not-found                                      |
 * | 3  | other interface       | entry has `interfaces` without the shop's interface_id                | not-found                                      |
 * | 4  | master shop           | master_flag = 1 and the entry is not a branch page (authentication    | redirect /branch (branch_list_type 2: /branch2) |
 * |    |                       | and access pages excepted, so rules 7 and 8 cannot loop)              |                                                |
 * | 5  | anonymous only        | authentication page and a logged-in user                              | redirect to `from` (where the user was going), |
 * |    |                       |                                                                       | else /                                         |
 * | 6  | authentication        | authentication page and an anonymous user                             | render                                         |
 * | 7  | force login           | force_login = 1 and anonymous                                         | redirect login, from = path                    |
 * | 8  | access request        | access_request = 1: anonymous -> login (from; /access-request renders); | redirect                                     |
 * |    |                       | access_flag -1 ->                                                     |                                                |
 * |    |                       | /access-denied (not on /access-denied or /access-request); 0, 1 pass  |                                                |
 * |    |                       | /access-denied itself for anyone not refused (an approved user, any    | redirect /                                     |
 * |    |                       | user of a shop without access requests)                               |                                                |
 * | 9  | digital menu          | /digital/:id? and digital_menu_en != 1                                | not-found                                      |
 * | 10 | home variant          | /home/:id?, or /home-N of another interface                           | redirect /home-<interface_id>                  |
 * | 11 | branch list           | branch-list pages unless > 1 branch and data.branch_list_detail_page 1 | not-found                                      |
 * | 12 | root                  | '/' with data.start_from_branchlist_page 1 and > 1 branch              | redirect to the branch page (as rule 4)        |
 * | 13 | login required        | access 'login' and anonymous: interface 102 -> login-modal,           | login-modal / redirect login, from = path      |
 * |    |                       | others -> redirect login with from                                    |                                                |
 * | 14 | render                | otherwise                                                             | render                                         |
 */

export interface AppFacts {
  shop: Pick<
    Shop,
    | 'interface_id'
    | 'master_flag'
    | 'branch_list_type'
    | 'branches'
    | 'force_login'
    | 'access_request'
    | 'digital_menu_en'
    | 'state_of_development'
    | 'data'
  >;
  user: Pick<User, 'id' | 'access_flag'> | null;
}

export type RouteDecision =
  | { kind: 'render'; route: RouteId; params: RouteParams }
  | { kind: 'redirect'; to: string; from?: string; /** go back where the visitor was going (the `from` the login pages carry), else `to` */ toOrigin?: boolean }
  | { kind: 'login-modal'; route: RouteId; params: RouteParams }
  | { kind: 'not-found' }
  | { kind: 'maintenance' };

export const loginPath = '/authentication/login';
export const accessDeniedPath = '/access-denied';
export const accessRequestPath = '/access-request';

/** What a rule sees once the path has matched an entry. */
export interface RouteRequest {
  path: string;
  match: RouteMatch;
  facts: AppFacts;
}

type Rule = (request: RouteRequest) => RouteDecision | null;

/** The home of an interface: /home-N. */
export const homePathFor = (interfaceId: AppFacts['shop']['interface_id']): string => `/home-${interfaceId}`;

/** The branch page a shop uses: /branch2 for branch_list_type 2, else /branch. */
export const branchPathFor = (shop: AppFacts['shop']): string => (shop.branch_list_type === 2 ? '/branch2' : '/branch');

const isAuthenticationPage = (request: RouteRequest) => request.match.entry.access === 'anonymous-only';
const isAccessPage = (request: RouteRequest) =>
  request.match.entry.id === 'access-denied' || request.match.entry.id === 'access-request';
const render = ({ match }: RouteRequest): RouteDecision => ({ kind: 'render', route: match.entry.id, params: match.params });
const toLogin = ({ path }: RouteRequest): RouteDecision => ({ kind: 'redirect', to: loginPath, from: path });
const hasSeveralBranches = (shop: AppFacts['shop']) => shop.branches.length > 1;

/** 1: a shop in development shows only its maintenance page. */
export const maintenanceRule = (facts: AppFacts): RouteDecision | null => (isInDevelopment(facts.shop) ? { kind: 'maintenance' } : null);

/** 3: routes of one interface (e.g. /cart-items for 7) do not exist elsewhere. */
export const otherInterfaceRule: Rule = ({ match, facts }) =>
  match.entry.interfaces && !match.entry.interfaces.includes(facts.shop.interface_id) ? { kind: 'not-found' } : null;

/**
 * 4: a master shop only shows its branch pages. The authentication and access
 * pages stay reachable too: rules 7 and 8 send visitors there, and refusing
 * them would bounce between /branch and Login for ever.
 */
export const masterShopRule: Rule = (request) => {
  const { match, facts } = request;
  const reachable = match.entry.branchPage === true || isAuthenticationPage(request) || isAccessPage(request);
  return showsOnlyBranchPages(facts.shop) && !reachable ? { kind: 'redirect', to: branchPathFor(facts.shop) } : null;
};

/** Rule 4's shop: a master shop, where every other page leads back to the branch page (the shell offers no bar to them). */
export const showsOnlyBranchPages = (shop: Pick<AppFacts['shop'], 'master_flag'>): boolean => shop.master_flag === 1;

/** 5: a logged-in user has no business on the authentication pages: back to where they were going (so a login ends there). */
export const anonymousOnlyRule: Rule = (request) =>
  isAuthenticationPage(request) && request.facts.user !== null ? { kind: 'redirect', to: '/', toOrigin: true } : null;

/** 6: anonymous users can always reach the authentication pages, whatever the shop demands. */
export const authenticationRule: Rule = (request) =>
  isAuthenticationPage(request) && request.facts.user === null ? render(request) : null;

/**
 * 7 and 8: spec §2's admission rule, shared with the server (contract/rules/shop-access.ts):
 * force_login or access_request sends an anonymous visitor to Login; at an access-request
 * shop access_flag -1 goes to Access Denied (except on the access pages), 0 and 1 pass, and
 * Access Denied itself sends everyone who was not refused home.
 */
export const shopAdmissionRule: Rule = (request) => {
  const admission = shopAdmission(request.facts.shop, request.facts.user);
  // The request form stays reachable: the login page links it, and it says to log in first and why.
  if (admission === 'login') return request.match.entry.id === 'access-request' ? null : toLogin(request);
  if (admission === 'denied') return isAccessPage(request) ? null : { kind: 'redirect', to: accessDeniedPath };
  // Access Denied tells only a refused user they were refused; anyone else would read an untruth.
  return request.match.entry.id === 'access-denied' ? { kind: 'redirect', to: '/' } : null;
};

/** 9: the digital menu exists only when the shop enables it. */
export const digitalMenuRule: Rule = ({ match, facts }) =>
  match.entry.id === 'digital' && facts.shop.digital_menu_en !== 1 ? { kind: 'not-found' } : null;

/** 10: /home/:id? and another interface's /home-N lead to this shop's home variant. */
export const homeVariantRule: Rule = ({ match, facts }) => {
  const ownHome = homePathFor(facts.shop.interface_id);
  if (match.entry.id === 'home-redirect') return { kind: 'redirect', to: ownHome };
  if (match.entry.id === 'home-variant' && match.entry.homeOf !== facts.shop.interface_id) return { kind: 'redirect', to: ownHome };
  return null;
};

/** 11: the branch list exists only for shops with several branches and the detail page enabled. */
export const branchListRule: Rule = ({ match, facts }) => {
  if (match.entry.id !== 'branch-list' && match.entry.id !== 'branch-list-detail') return null;
  return hasSeveralBranches(facts.shop) && facts.shop.data.branch_list_detail_page === 1 ? null : { kind: 'not-found' };
};

/** 12: a shop that starts from its branch list sends '/' there. */
export const rootRule: Rule = ({ match, facts }) =>
  match.entry.id === 'home' && facts.shop.data.start_from_branchlist_page === 1 && hasSeveralBranches(facts.shop)
    ? { kind: 'redirect', to: branchPathFor(facts.shop) }
    : null;

/** 13: protected routes ask an anonymous user to log in (interface 102 in a modal). */
export const loginRequiredRule: Rule = (request) => {
  if (request.match.entry.access !== 'login' || request.facts.user !== null) return null;
  return request.facts.shop.interface_id === 102
    ? { kind: 'login-modal', route: request.match.entry.id, params: request.match.params }
    : toLogin(request);
};

/** Rules 3 to 13, in table order (7 and 8 are one function). */
export const routeRules: readonly Rule[] = [
  otherInterfaceRule,
  masterShopRule,
  anonymousOnlyRule,
  authenticationRule,
  shopAdmissionRule,
  digitalMenuRule,
  homeVariantRule,
  branchListRule,
  rootRule,
  loginRequiredRule,
];

/** Decides what the SPA shows for a pathname (without the /order/v2 basename and query) given the shop and user. */
export function resolveRoute(pathname: string, facts: AppFacts): RouteDecision {
  const maintenance = maintenanceRule(facts);
  if (maintenance) return maintenance;

  const path = normalizePath(pathname);
  const match = matchRoute(path);
  if (match === null || hasHalfGivenPair(match)) return { kind: 'not-found' };

  const request: RouteRequest = { path, match, facts };
  for (const rule of routeRules) {
    const decision = rule(request);
    if (decision) return decision;
  }
  return render(request);
}
