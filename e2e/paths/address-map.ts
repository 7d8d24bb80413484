import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { expect } from '@playwright/test';
import { addressMachine, type AddressBookContext, type AddressBookInput } from '../../machines/address-machine';
import { done, type ChartMap } from './chart-model';
import { onAddressForm } from './grocery-customer';

/** The path's customer: a phone registered for this path alone. */
export interface AddressWorld {
  phone: string;
}

/**
 * The address chart (machines/address-machine.ts), the checkout's address step for a courier at the grocery,
 * as a person drives it: each event once as what the person does, each state once as what the person sees.
 * The path's customer is a new account (no saved address); one address at most keeps the model finite. The
 * list and the form are routes of the one state `choosing` (/cart/address, /add, /edit/:id).
 */
const context = (snapshot: AnyMachineSnapshot) => snapshot.context as AddressBookContext;
/** A sampled event's fields (the map's own samples). */
const payload = <T>(event: EventObject) => event as unknown as T;

const input: AddressBookInput = { method: 2, addresses: null, chosenId: null, branch: null };

const newAddress = { label: 'خانه نشانی', address: 'تهران، خیابان ولیعصر، پلاک ۵', lat: 35.7, lng: 51.4 };
/** The address the server saves of it, in range of the grocery. */
const savedAddress = { id: 1, ...newAddress, city: '', postal_code: '', in_range: true };
const editedText = 'تهران، خیابان ولیعصر، پلاک ۷';
const suggestion = { city: 'تهران', district: '', address: 'تهران', in_range: true, distance: 1 };


export const addressMap: ChartMap<AddressWorld> = {
  name: 'address chart',
  file: 'e2e/paths/address-map.ts',
  machine: addressMachine,
  input,
  // A place for the person: the state, how many addresses are saved, whether a saved one is being edited
  // (its form is open) and whether the point has its geocoded address.
  serialize: (snapshot) => {
    const { addresses, editingId, suggestion: suggested } = context(snapshot);
    return JSON.stringify([snapshot.value, addresses.length, editingId !== null, suggested !== null]);
  },
  goal: (snapshot) => snapshot.matches('chosen'),
  simpleLimit: 1,
  // Simple paths go forward only: editing, deleting and the point are the shortest paths' part.
  simpleEvents: (type) => !['address.compose', 'address.update', 'address.delete', 'address.locate', 'address.findMe'].includes(type),

  states: {
    starting: { passing: 'the list as the checkout had it, else a load' },
    loading: { passing: 'the saved addresses are loading' },
    choosing: {
      sees: async (page, _world, snapshot) => {
        await expect(page).toHaveURL(/\/cart\/address(\/add|\/edit\/\d+)?$/);
        if (/\/cart\/address$/.test(page.url())) {
          // The list: every saved address once, or that there is none.
          const { addresses } = context(snapshot);
          await expect(page.getByTestId('address-option')).toHaveCount(addresses.length);
          if (addresses.length === 0) await expect(page.getByTestId('no-addresses')).toBeVisible();
        } else {
          // The form: the point picked (or the edited address's).
          await expect(page.getByTestId('map-point')).toHaveText(/[۰-۹]/);
        }
        await expect(page.getByTestId('checkout-problem')).toHaveCount(0);
      },
    },
    findingYou: { passing: "the device's position is being found" },
    locating: { passing: 'the point is being looked up' },
    saving: { passing: 'the new address is being saved' },
    updating: { passing: 'the edit is being saved' },
    deleting: { passing: 'the address is being deleted' },
    chosen: {
      sees: async (page) => {
        // The checkout goes on with the address: the payment step.
        await expect(page).toHaveURL(/\/cart\/payment$/);
        await expect(page.getByTestId('discount-skip')).toBeEnabled();
      },
    },
  },

  events: {
    // The form of a saved address opens from its edit link (a new one's form: address.add and address.locate open it).
    'address.compose': {
      // Taken in every state (a form opening while the list loads), but a person opens it on the list.
      samples: (snapshot) =>
        snapshot.matches('choosing') && context(snapshot).editingId === null ? context(snapshot).addresses.slice(0, 1).map((address) => ({ type: 'address.compose', addressId: address.id })) : [],
      does: async (page) => {
        await page.getByRole('link', { name: `ویرایش ${newAddress.label}` }).click();
        await expect(page.getByTestId('address-save')).toBeVisible();
      },
    },
    'address.select': {
      samples: (snapshot) => context(snapshot).addresses.filter((address) => address.in_range).map((address) => ({ type: 'address.select', addressId: address.id })),
      does: async (page) => {
        await page.getByRole('radio', { name: new RegExp(newAddress.label) }).check();
        await page.getByTestId('address-continue').click();
      },
    },
    'address.add': {
      samples: (snapshot) => (context(snapshot).addresses.length === 0 ? [{ type: 'address.add', address: newAddress }] : []),
      does: async (page) => {
        await onAddressForm(page);
        // Picking a point needs no map tiles: a click on the map is a point.
        await page.getByTestId('address-map').click();
        await page.getByLabel('عنوان (خانه، محل کار…)').fill(newAddress.label);
        await page.getByLabel('آدرس دقیق').fill(newAddress.address);
        await page.getByTestId('address-save').click();
      },
    },
    // Only on the form of a saved address (address.compose first).
    'address.update': {
      samples: (snapshot) =>
        context(snapshot).editingId === null ? [] : context(snapshot).addresses.slice(0, 1).map((address) => ({ type: 'address.update', addressId: address.id, address: { ...newAddress, address: editedText } })),
      does: async (page, _world, event) => {
        await page.getByLabel('آدرس دقیق').fill(payload<{ address: { address: string } }>(event).address.address);
        await page.getByTestId('address-save').click();
      },
    },
    'address.delete': {
      samples: (snapshot) => (context(snapshot).editingId === null ? context(snapshot).addresses.slice(0, 1).map((address) => ({ type: 'address.delete', addressId: address.id })) : []),
      does: async (page) => {
        await page.getByRole('button', { name: `حذف ${newAddress.label}` }).click();
        await page.getByRole('dialog').getByRole('button', { name: /^حذف$/ }).click();
      },
    },
    'address.locate': {
      samples: () => [{ type: 'address.locate', lat: 35.7, lng: 51.4 }],
      does: async (page) => {
        await onAddressForm(page);
        await page.getByTestId('address-map').click();
      },
    },
    'address.findMe': {
      samples: () => [{ type: 'address.findMe' }],
      does: async (page) => {
        await onAddressForm(page);
        // The person lets the site know where the device is.
        await page.context().grantPermissions(['geolocation']);
        await page.context().setGeolocation({ latitude: 35.7, longitude: 51.4 });
        await page.getByTestId('use-my-location').click();
      },
    },

    'xstate.done.actor.addresses': { internal: "the server's list of saved addresses", samples: (snapshot) => [done('addresses', context(snapshot).addresses)] },
    'xstate.error.actor.addresses': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.devicePosition': { internal: "the device's position, once the person allowed it", samples: () => [done('devicePosition', { lat: 35.7, lng: 51.4 })] },
    'xstate.error.actor.devicePosition': { internal: 'the position refused or unavailable (address-machine.test: told once)' },
    'xstate.done.actor.locate': { internal: "the server's place for the point", samples: () => [done('locate', suggestion)] },
    'xstate.error.actor.locate': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.saveAddress': { internal: 'the new address saved, in range of the grocery', samples: () => [done('saveAddress', savedAddress)] },
    'xstate.error.actor.saveAddress': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.updateAddress': { internal: 'the edit saved', samples: () => [done('updateAddress', { ...savedAddress, address: editedText })] },
    'xstate.error.actor.updateAddress': { internal: 'a server failure, which a person cannot cause' },
    'xstate.done.actor.deleteAddress': { internal: 'the address deleted', samples: (snapshot) => context(snapshot).addresses.slice(0, 1).map((address) => done('deleteAddress', { id: address.id })) },
    'xstate.error.actor.deleteAddress': { internal: 'a server failure (e2e/checkout.spec.ts deletes an address already gone)' },
  },
};
