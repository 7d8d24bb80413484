import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CounterSettings } from '@contract/console/counter-entities';
import {
  ORDER_TOTAL_MAX_RIAL,
  PAYMENT_WAIT_MINUTES,
  REFERRAL_REWARD_RIAL,
  STAFF_WALLET_DAY_LIMIT_RIAL,
  STAFF_WALLET_LIMIT_RIAL,
} from '@contract/rules/counter';
import { counterSettingsMachine, type CounterSettingsUpdate } from '@machines/console/counter-settings-machine';

const settings: CounterSettings = {
  payment_wait_minutes: 20,
  referral_reward: REFERRAL_REWARD_RIAL.default,
  order_sms: true,
  staff_wallet_limit: STAFF_WALLET_LIMIT_RIAL.default,
  staff_wallet_day_limit: STAFF_WALLET_DAY_LIMIT_RIAL.default,
  order_total_max: ORDER_TOTAL_MAX_RIAL.default,
};

function start() {
  const saves: CounterSettingsUpdate[] = [];
  const machine = counterSettingsMachine.provide({
    actors: {
      'load settings': fromPromise(async () => settings),
      'save settings': fromPromise(async ({ input }: { input: CounterSettingsUpdate }) => {
        saves.push(input);
        return { ...input, order_sms: input.order_sms === 1 };
      }),
    },
  });
  const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
  return { actor, saves };
}

describe('counter settings chart', () => {
  it('shows the amounts in toman and refuses a value out of its bounds before sending', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.form.referral_reward).toBe(String(REFERRAL_REWARD_RIAL.default / 10));
    actor.send({ type: 'settings.edit', field: 'payment_wait_minutes', value: String(PAYMENT_WAIT_MINUTES.min - 1) });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.problems).toEqual({ payment_wait_minutes: 'out_of_range' });
    expect(saves).toEqual([]);
  });

  it('saves the form in rial with the SMS switch, and says it was saved', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'settings.edit', field: 'payment_wait_minutes', value: '۳۰' });
    actor.send({ type: 'settings.edit', field: 'staff_wallet_limit', value: '500000' });
    actor.send({ type: 'settings.sms', on: false });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved);
    expect(saves).toEqual([
      {
        payment_wait_minutes: 30,
        referral_reward: REFERRAL_REWARD_RIAL.default,
        staff_wallet_limit: 5_000_000,
        staff_wallet_day_limit: STAFF_WALLET_DAY_LIMIT_RIAL.default,
        order_total_max: ORDER_TOTAL_MAX_RIAL.default,
        order_sms: 0,
      },
    ]);
  });

  it('shows the two caps in toman, refuses them out of their bounds, and saves them in rial', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.form).toMatchObject({
      staff_wallet_day_limit: String(STAFF_WALLET_DAY_LIMIT_RIAL.default / 10),
      order_total_max: String(ORDER_TOTAL_MAX_RIAL.default / 10),
    });
    actor.send({ type: 'settings.edit', field: 'order_total_max', value: String(ORDER_TOTAL_MAX_RIAL.max / 10 + 1) });
    actor.send({ type: 'settings.edit', field: 'staff_wallet_day_limit', value: '-1' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.problems).toEqual({ order_total_max: 'out_of_range', staff_wallet_day_limit: 'out_of_range' });
    actor.send({ type: 'settings.edit', field: 'order_total_max', value: '۵۰٬۰۰۰٬۰۰۰' });
    actor.send({ type: 'settings.edit', field: 'staff_wallet_day_limit', value: '2,000,000' });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved);
    expect(saves).toEqual([expect.objectContaining({ order_total_max: 500_000_000, staff_wallet_day_limit: 20_000_000 })]);
  });
});
