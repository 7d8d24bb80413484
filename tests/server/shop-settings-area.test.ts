import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { ShopArea } from '@contract/console/shop-settings';
import { DeliveryMethod } from '@contract/enums';
import { shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { staffLogin, type ConsoleClient } from './helpers/console-client';
import { call, isfahan, readyCart, vanak } from './checkout-support/helpers';

/*
 * Issue 32: the owner's service area per branch (shop_area_update: each branch's point and courier radius). The
 * checkout's out of range reads the new area on the next request; bad input, another shop's branch and a staff
 * member are refused with nothing written.
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const KEBAB = 'kebab.localhost';
let t: TestApp;
let owner: ConsoleClient;
let seeded: ShopArea[];

const send = (areas: Pick<ShopArea, 'id' | 'lat' | 'lng' | 'radius_service'>[]) => ({ areas: JSON.stringify(areas.map(({ id, lat, lng, radius_service }) => ({ id, lat, lng, radius_service }))) });
const areaRows = async (ids: number[]) => (await t.db.select({ id: shops.id, lat: shops.lat, lng: shops.lng, radius: shops.radiusService }).from(shops).where(inArray(shops.id, ids))).sort((a, b) => a.id - b.id);

beforeAll(async () => {
  t = await createTestApp();
  owner = (await staffLogin(t.app, KEBAB)).api;
  seeded = (await owner.call('shop_settings')).areas;
});
afterAll(() => t?.close());

describe(`the owner's service area (${database})`, () => {
  it("Scenario: the owner moves the kebab shop's point to Isfahan: the customer's Vanak address is out of range at once and an Isfahan one is in; moved back, Vanak is in again", async () => {
    expect(seeded.map(({ name_en, lat, lng, radius_service }) => ({ name_en, lat, lng, radius_service }))).toEqual([{ name_en: 'Tehran Nights Kebab House', lat: 35.7575, lng: 51.4098, radius_service: 10 }]);
    const { host, cookie, orderId } = await readyCart(t, 'kebab');
    const addresses = (await call(t, host, cookie, 'get_addresses')).data;
    const home = addresses.find((address) => address.label === vanak.label)!;
    const far = (await call(t, host, cookie, 'new_add_addreses', isfahan)).data;
    expect(far.in_range).toBe(false);

    const moved = await owner.call('shop_area_update', send([{ ...seeded[0], lat: 32.6539, lng: 51.668, radius_service: 5 }]));
    expect(moved.areas[0]).toMatchObject({ lat: 32.6539, lng: 51.668, radius_service: 5 });
    const refused = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: DeliveryMethod.courier, address_id: home.id });
    expect([refused.status, refused.result]).toEqual([409, 'out_of_range']);
    const there = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: DeliveryMethod.courier, address_id: far.id });
    expect(there.ok).toBe(true);

    await owner.call('shop_area_update', send(seeded));
    const back = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: DeliveryMethod.courier, address_id: home.id });
    expect(back.ok).toBe(true);
  });

  it("Scenario: a master's owner sets a branch's radius: the master's branch list shows it on the next read", async () => {
    const chain = (await staffLogin(t.app, 'chain.localhost')).api;
    const areas = (await chain.call('shop_settings')).areas;
    const isfahanBranch = areas.find((area) => area.name_en.includes('Isfahan'))!;
    expect(areas.length).toBeGreaterThan(2);
    await chain.call('shop_area_update', send([{ ...isfahanBranch, radius_service: 3.5 }]));
    const listed = (await call(t, 'chain.localhost', null, 'get_shop')).data.branches.find((branch) => branch.id === isfahanBranch.id);
    expect(listed?.radius_service).toBe(3.5);
    await chain.call('shop_area_update', send([isfahanBranch]));
  });

  it("Scenario: a radius over 100 km, a point off the map, a radius that is no number, another shop's branch and a staff member are refused; nothing is written", async () => {
    const [kebab] = seeded;
    const [cafe] = await t.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, 'cafe'));
    const before = await areaRows([kebab.id, cafe.id]);
    const far = await owner.post({ code: 'shop_area_update', ...send([{ ...kebab, radius_service: 101 }]) }, 'fa');
    expect([far.statusCode, far.body.message, far.body.data]).toEqual([400, '«شعاع ارسال (کیلومتر) کبابی شب‌های تهران» خارج از محدوده مجاز است.', { field: `${kebab.id}.radius_service` }]);
    const off = await owner.post({ code: 'shop_area_update', ...send([{ ...kebab, lat: 48.85 }]) }, 'en');
    expect([off.statusCode, off.body.message]).toEqual([400, 'The latitude of Tehran Nights Kebab House is outside the area where distances are measured (latitude 30 to 40, longitude 40 to 60).']);
    const notNumber = await owner.post({ code: 'shop_area_update', areas: JSON.stringify([{ id: kebab.id, lat: kebab.lat, lng: kebab.lng, radius_service: 'far' }]) });
    expect([notNumber.statusCode, notNumber.body.result]).toEqual([400, 'invalid_input']);
    const foreign = await owner.post({ code: 'shop_area_update', ...send([{ ...kebab, id: cafe.id }]) }, 'fa');
    expect([foreign.statusCode, foreign.body.result, foreign.body.message]).toEqual([404, 'not_found', 'این شعبه از این فروشگاه نیست.']);
    const username = `area${Date.now() % 100_000}`;
    await owner.call('team_add', { name: 'Reza', username, password: `secret-${username}`, role: 'staff' });
    const staff = (await staffLogin(t.app, KEBAB, username, `secret-${username}`)).api;
    const refused = await staff.post({ code: 'shop_area_update', ...send([{ ...kebab, radius_service: 1 }]) });
    expect([refused.statusCode, refused.body.result]).toEqual([403, 'owner_only']);
    expect(await areaRows([kebab.id, cafe.id])).toEqual(before);
  });
});
