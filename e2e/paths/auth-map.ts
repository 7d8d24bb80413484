import type { AnyMachineSnapshot } from 'xstate';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authMachine, type AuthContext } from '../../machines/auth-machine';
import { codeFromOutbox } from '../shop-session';
import { done, type ChartMap } from './chart-model';

/** The path's visitor: a phone of its own (SMS limits: a code per phone a minute, 3 per 10 minutes). */
export interface AuthWorld {
  phone: string;
  request: APIRequestContext;
}

/**
 * The session chart (machines/auth-machine.ts: login -> verify -> register, logout) as a visitor of the
 * kebab shop drives it from a login-only page (/profile): each event once as what the person does, each
 * state once as what the person sees. Selectors live here only.
 *
 * Every path's phone is new, so the server's answers in the model are a new visitor's: the code sent with a
 * 60 s resend wait, the code checked as not registered yet (a returning customer's login is e2e/checkout.spec.ts
 * (b)). The resend needs that minute, so 'verify.resending' is mapped but not walked.
 */
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as AuthContext;
const user = { id: 1, name: 'مسیر آزمون', mobile: '09350000000', gender: 0, access_flag: 1, favorites: [] };
const logoutDialog = (page: Page) => page.getByRole('dialog', { name: 'خروج از حساب؟' });
const failure = 'a server failure or refusal, which a fresh phone does not meet';

export const authMap: ChartMap<AuthWorld> = {
  name: 'auth chart',
  file: 'e2e/paths/auth-map.ts',
  machine: authMachine,
  input: { ref: null, user: null },
  // A place for the person: the step, and whether a code was asked for and who is logged in.
  serialize: (snapshot) => JSON.stringify([snapshot.value, context(snapshot).phone !== '', context(snapshot).user !== null]),
  goal: (snapshot) => snapshot.matches({ loggedIn: 'idle' }),
  simpleLimit: 1,

  states: {
    start: { passing: 'picks logged in or not at once' },
    recalling: { passing: 'reads what this tab kept (a code sent before a reload)' },
    routing: { passing: 'picks the verify step for a code still awaited, else the login step' },
    phone: {
      // A visitor with no account: on the login page, or home after logging out.
      sees: async (page) => {
        await expect(page).toHaveURL(/\/authentication\/login$|\/order\/v2\/?$/);
        if (/\/authentication\/login$/.test(page.url())) await expect(page.getByLabel('شماره موبایل')).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
      },
    },
    sendingCode: { passing: 'the code is being sent' },
    'verify.waiting': {
      sees: async (page) => {
        await expect(page).toHaveURL(/\/authentication\/verify$/);
        await expect(page.getByLabel('کد تایید')).toBeVisible();
        await expect(page.getByTestId('resend-countdown')).toBeVisible();
      },
    },
    'verify.checking': { passing: 'the code is being checked' },
    'verify.resending': { passing: 'the code is being sent again' },
    'register.editing': {
      sees: async (page) => {
        await expect(page).toHaveURL(/\/authentication\/register$/);
        await expect(page.getByLabel('نام و نام خانوادگی')).toBeVisible();
      },
    },
    'register.submitting': { passing: 'the account is being created' },
    'loggedIn.idle': {
      // Back where the visitor was going (the profile), with the way out and no question open.
      sees: async (page) => {
        await expect(page).toHaveURL(/\/profile$/);
        await expect(page.getByRole('button', { name: 'خروج از حساب' })).toBeVisible();
        await expect(logoutDialog(page)).toHaveCount(0);
      },
    },
    'loggedIn.confirming': {
      sees: async (page) => {
        await expect(logoutDialog(page)).toBeVisible();
      },
    },
    'loggedIn.loggingOut': { passing: 'the session is being closed' },
    'loggedIn.leaving': { passing: 'going home' },
  },

  events: {
    'login.open': { samples: () => [{ type: 'login.open' }], does: async (page) => void (await page.goto('./authentication/login')) },
    // The code's page opened with no code sent (a bookmark, a reload after the code expired): the chart shows the login.
    'verify.open': { samples: () => [{ type: 'verify.open' }], does: async (page) => void (await page.goto('./authentication/verify')) },
    'session.lost': { internal: 'the server forgot the session (an expired cookie): nothing a person does on the page' },
    'phone.submit': {
      samples: () => [{ type: 'phone.submit', phone: user.mobile }],
      does: async (page, world) => {
        await page.getByLabel('شماره موبایل').fill(world.phone);
        await page.getByLabel('شماره موبایل').press('Enter');
      },
    },
    'phone.edit': { samples: () => [{ type: 'phone.edit' }], does: (page) => page.getByRole('button', { name: 'تغییر شماره' }).click() },
    'code.submit': {
      samples: () => [{ type: 'code.submit', code: '000000' }],
      does: async (page, world) => {
        await page.getByLabel('کد تایید').fill(await codeFromOutbox(world.request, world.phone));
        await page.getByLabel('کد تایید').press('Enter');
      },
    },
    'code.resend': { samples: () => [{ type: 'code.resend' }], does: (page) => page.getByRole('button', { name: 'ارسال دوباره کد' }).click() },
    'countdown.tick': { internal: "the resend countdown's one-second timer" },
    'name.submit': {
      samples: () => [{ type: 'name.submit', name: user.name }],
      does: async (page) => {
        await page.getByLabel('نام و نام خانوادگی').fill(user.name);
        await page.getByRole('button', { name: 'ثبت‌نام' }).click();
      },
    },
    'logout.request': { samples: () => [{ type: 'logout.request' }], does: (page) => page.getByRole('button', { name: 'خروج از حساب' }).click() },
    'logout.confirm': { samples: () => [{ type: 'logout.confirm' }], does: (page) => logoutDialog(page).getByRole('button', { name: 'خروج از حساب' }).click() },
    'logout.cancel': { samples: () => [{ type: 'logout.cancel' }], does: (page) => logoutDialog(page).getByRole('button', { name: 'انصراف' }).click() },

    'xstate.done.actor.recall': { internal: 'nothing kept by this tab', samples: () => [done('recall', { ref: null, pending: null })] },
    'xstate.error.actor.recall': { internal: "the tab's storage unreadable" },
    'xstate.done.actor.sendCode': { internal: 'the code sent, resend in 60 s', samples: (snapshot) => [done('sendCode', { phone: context(snapshot).phone, resend_after: 60 })] },
    'xstate.error.actor.sendCode': { internal: failure },
    'xstate.done.actor.checkCode': { internal: 'a new phone: not registered yet', samples: () => [done('checkCode', { registered: false, user: null })] },
    'xstate.error.actor.checkCode': { internal: failure },
    'xstate.done.actor.register': { internal: 'the account created', samples: () => [done('register', user)] },
    'xstate.error.actor.register': { internal: failure },
    'xstate.done.actor.logOut': { internal: 'the session closed', samples: () => [done('logOut', undefined)] },
    'xstate.error.actor.logOut': { internal: failure },
    'xstate.done.actor.goHome': { internal: 'home reached', samples: () => [done('goHome', undefined)] },
    'xstate.error.actor.goHome': { internal: 'home could not be opened' },
  },
};
