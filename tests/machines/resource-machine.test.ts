import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type AnyEventObject } from 'xstate';
import type { Code } from '@contract/api';
import { resourceMachine, type ApiRequest, type ResourceInput } from '@machines/resource-machine';
import { SYSTEM_IDS } from '@machines/system';
import { accessRequestProblems } from '@contract/rules/access-request';
import { validateContact, type ContactInput } from '@contract/contact';
import type { Notice } from '@machines/notice';

/** A refusal as the live 'call' rejects: the envelope's result and the server's localised message. */
const refusal = (message: string) => ({ result: 'invalid_request', message });

/** The resource with a stub 'call' that answers per code from `replies` (a function throws to refuse) and records every request. */
function start(input: ResourceInput, replies: Partial<Record<Code, (payload: Record<string, unknown>) => unknown>>) {
  const requests: ApiRequest[] = [];
  const notices: Notice[] = [];
  const machine = resourceMachine.provide({
    actions: { notify: (_, notice) => void notices.push(notice) },
    actors: {
      call: fromPromise<unknown, ApiRequest>(async ({ input: request }) => {
        requests.push(request);
        const reply = replies[request.code];
        if (!reply) throw new Error(`no stub for ${request.code}`);
        return reply(request.payload);
      }),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, requests, notices };
}

describe('resource machine', () => {
  it('Scenario: a form with a check sends nothing while the check finds a problem, and keeps it by field; a server refusal naming a field is kept there too', async () => {
    let refuse = false;
    const { actor, requests } = start(
      { save: 'request_access', check: (payload) => accessRequestProblems(payload) },
      {
        request_access: () => {
          if (refuse) throw { result: 'invalid_input', message: 'نام فروشگاه را بنویسید', data: { field: 'company' } };
          return { id: 1, status: 'pending' };
        },
      },
    );
    actor.send({ type: 'resource.save', payload: { company: '  ', message: 'سلام' } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ problems: { company: 'required' }, failure: null });
    expect(requests).toEqual([]);

    refuse = true;
    actor.send({ type: 'resource.save', payload: { company: 'مهر', message: '' } });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure !== null);
    expect(refused.context.problems).toEqual({ company: 'invalid_input' });

    refuse = false;
    actor.send({ type: 'resource.save', payload: { company: 'مهر', message: '' } });
    const sent = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.data !== null);
    expect(sent.context).toMatchObject({ problems: {}, failure: null, data: { id: 1, status: 'pending' } });
    expect(requests).toHaveLength(2);
  });

  it('Scenario: loads the request it was given and is ready with the reply', async () => {
    const { actor, requests } = start({ load: { code: 'get_gallery', payload: {} } }, { get_gallery: () => [{ id: 1 }] });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context.data).toEqual([{ id: 1 }]);
    expect(ready.context.failure).toBeNull();
    expect(requests).toEqual([{ code: 'get_gallery', payload: {} }]);
  });

  it('Scenario: a refused load fails with the server message; retry loads again and clears it', async () => {
    let refuse = true;
    const { actor, requests } = start(
      { load: { code: 'get_order_by_id', payload: { id: 9 } } },
      {
        get_order_by_id: () => {
          if (refuse) throw refusal('سفارش یافت نشد');
          return { id: 9 };
        },
      },
    );
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(failed.context.failure).toEqual({ result: 'invalid_request', message: 'سفارش یافت نشد', data: undefined });
    expect(failed.context.data).toBeNull();
    refuse = false;
    actor.send({ type: 'resource.retry' });
    const ready = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(ready.context).toMatchObject({ data: { id: 9 }, failure: null });
    expect(requests).toHaveLength(2);
  });

  it('Scenario: a save sends its payload with the save code and the reply replaces the data', async () => {
    const { actor, requests } = start(
      { load: { code: 'get_user_detail', payload: {} }, save: 'update_profile' },
      { get_user_detail: () => ({ name: 'رضا' }), update_profile: (payload) => ({ name: payload.name }) },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'resource.save', payload: { name: 'رضا کاظمی' } });
    expect(actor.getSnapshot().matches('saving')).toBe(true);
    const saved = await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(saved.context).toMatchObject({ data: { name: 'رضا کاظمی' }, failure: null });
    expect(requests[1]).toEqual({ code: 'update_profile', payload: { name: 'رضا کاظمی' } });
  });

  it('Scenario: a refused save keeps the data and says why; the next save clears the refusal', async () => {
    let refuse = true;
    const { actor } = start(
      { load: { code: 'get_user_detail', payload: {} }, save: 'update_profile' },
      {
        get_user_detail: () => ({ name: 'رضا' }),
        update_profile: (payload) => {
          if (refuse) throw refusal('نام معتبر نیست');
          return { name: payload.name };
        },
      },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'resource.save', payload: { name: '' } });
    const refused = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure !== null);
    expect(refused.context).toMatchObject({ data: { name: 'رضا' }, failure: { message: 'نام معتبر نیست' } });
    refuse = false;
    actor.send({ type: 'resource.save', payload: { name: 'سارا' } });
    expect(actor.getSnapshot().context.failure).toBeNull();
    const saved = await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure === null);
    expect(saved.context.data).toEqual({ name: 'سارا' });
  });

  it('Scenario: with afterSave reload, a save loads the data again instead of taking the reply', async () => {
    let status = 3;
    const { actor, requests } = start(
      { load: { code: 'get_order_by_id', payload: { id: 9 } }, save: 'update_status_order', afterSave: 'reload' },
      {
        get_order_by_id: () => ({ id: 9, status }),
        update_status_order: (payload) => {
          status = payload.status as number;
          return { id: 9, summary: true };
        },
      },
    );
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'resource.save', payload: { order_id: 9, status: 7 } });
    const reloaded = await waitFor(actor, (snapshot) => snapshot.matches('ready') && requests.length === 3);
    expect(reloaded.context.data).toEqual({ id: 9, status: 7 });
    expect(requests.map((request) => request.code)).toEqual(['get_order_by_id', 'update_status_order', 'get_order_by_id']);
  });

  it('Scenario: without a load it starts ready with no data, and a save without a save code is ignored', async () => {
    const form = start({ save: 'contact_us' }, { contact_us: () => null });
    expect(form.actor.getSnapshot().matches('ready')).toBe(true);
    expect(form.requests).toEqual([]);
    form.actor.send({ type: 'resource.save', payload: { name: 'سارا' } });
    await waitFor(form.actor, (snapshot) => snapshot.matches('ready') && form.requests.length === 1);
    expect(form.requests).toEqual([{ code: 'contact_us', payload: { name: 'سارا' } }]);

    const readOnly = start({ load: { code: 'get_wallet', payload: {} } }, { get_wallet: () => ({ balance: 0 }) });
    await waitFor(readOnly.actor, (snapshot) => snapshot.matches('ready'));
    readOnly.actor.send({ type: 'resource.save', payload: {} });
    expect(readOnly.actor.getSnapshot().matches('ready')).toBe(true);
    expect(readOnly.requests).toHaveLength(1);
  });

  it('Scenario: announce tells the app: a saved profile as session.update, a toggled favorite as favorites.update; a refusal tells nothing', async () => {
    const told: AnyEventObject[] = [];
    let refuse = false;
    const resource = resourceMachine.provide({
      actors: {
        call: fromPromise<unknown, ApiRequest>(async ({ input }) => {
          if (refuse) throw refusal('خطا');
          return input.code === 'toggle_favorite' ? { item_id: 5, favorite: true, favorites: [2, 5] } : { id: 1, name: 'سارا' };
        }),
      },
    });
    // A stand-in for the app: the root of the system, holding the resource as its child.
    const app = setup({ types: { input: {} as ResourceInput, context: {} as { input: ResourceInput } }, actors: { resource } }).createMachine({
      context: ({ input }) => ({ input }),
      invoke: { id: 'resource', src: 'resource', input: ({ context }) => context.input },
      on: { '*': { actions: ({ event }) => void told.push(event) } },
    });
    for (const [input, expected] of [
      [{ save: 'update_profile', announce: 'user' }, { type: 'session.update', user: { id: 1, name: 'سارا' } }],
      [{ save: 'toggle_favorite', announce: 'favorites' }, { type: 'favorites.update', favorites: [2, 5] }],
    ] as const) {
      told.length = 0;
      refuse = true;
      const root = createActor(app, { systemId: SYSTEM_IDS.app, input });
      root.start();
      const child = root.getSnapshot().children.resource;
      if (!child) throw new Error('the resource did not start');
      child.send({ type: 'resource.save', payload: {} });
      await waitFor(child, (snapshot) => snapshot.context.failure !== null);
      expect(told).toEqual([]);
      refuse = false;
      child.send({ type: 'resource.save', payload: {} });
      await waitFor(child, (snapshot) => snapshot.matches('ready') && snapshot.context.failure === null);
      expect(told).toEqual([expected]);
      root.stop();
    }
  });

  it('Scenario: a save names its outcome: the notice it raises once the server took it, a refusal told as a failure notice, nothing for a check that refused', async () => {
    let refuse = false;
    const { actor, notices } = start(
      { save: 'contact_us', check: (payload) => validateContact(payload as unknown as ContactInput), savedNotice: 'contact sent', tellRefusal: true },
      {
        contact_us: () => {
          if (refuse) throw refusal('پیام فرستاده نشد');
          return null;
        },
      },
    );
    actor.send({ type: 'resource.save', payload: { name: '', phone: '', email: '', message: '' } });
    expect(actor.getSnapshot().context.problems).toEqual({ name: 'required', phone: 'required', email: 'required' });
    expect(notices).toEqual([]);

    refuse = true;
    actor.send({ type: 'resource.save', payload: { name: 'سارا', phone: '09121234567', email: 'sara@example.com', message: '' } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure !== null);
    expect(notices).toEqual([{ tone: 'failure', error: refusal('پیام فرستاده نشد') }]);

    refuse = false;
    actor.send({ type: 'resource.save', payload: { name: 'سارا', phone: '09121234567', email: 'sara@example.com', message: '' } });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure === null);
    expect(notices.slice(1)).toEqual([{ tone: 'success', id: 'contact sent' }]);
  });

  it('Scenario: a form the chart keeps: each edit changes its field, a sent form starts blank again, a refused one keeps what was typed', async () => {
    let refuse = true;
    const blank = { name: '', message: '' };
    const { actor, requests } = start(
      { save: 'contact_us', form: blank },
      {
        contact_us: () => {
          if (refuse) throw refusal('خطا');
          return null;
        },
      },
    );
    actor.send({ type: 'resource.edit', field: 'name', value: 'سارا' });
    actor.send({ type: 'resource.edit', field: 'message', value: 'سلام' });
    expect(actor.getSnapshot().context.form).toEqual({ name: 'سارا', message: 'سلام' });
    actor.send({ type: 'resource.save', payload: actor.getSnapshot().context.form ?? {} });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure !== null);
    expect(actor.getSnapshot().context.form).toEqual({ name: 'سارا', message: 'سلام' });
    refuse = false;
    actor.send({ type: 'resource.save', payload: actor.getSnapshot().context.form ?? {} });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.failure === null);
    expect(actor.getSnapshot().context.form).toEqual(blank);
    expect(requests.map((request) => request.payload)).toEqual([{ name: 'سارا', message: 'سلام' }, { name: 'سارا', message: 'سلام' }]);
  });
});
