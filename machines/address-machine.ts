import { and, assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { Address, DeliveryMethodValue, LocationData } from '@contract/index';
import { DeliveryMethod } from '@contract/enums';
import { addressProblem, addressProblems, otherCityReady, type AddressProblem } from '@contract/rules/address';
import { parseLocation, TEHRAN_CENTER, type Point } from '@contract/rules/distance';
import { asFailure, type ApiFailure } from './api-failure';
import { notifyStub, type Notice } from './notice';
import { notProvided } from './not-provided';

export interface NewAddress {
  label: string;
  address: string;
  lat: number | null;
  lng: number | null;
  city?: string;
  postal_code?: string;
}

/** Where the map opens when the shop names no branch: central Tehran (the one centre both maps share). */
export const DEFAULT_MAP_CENTER: Point = TEHRAN_CENTER;

export interface AddressBookInput {
  method: DeliveryMethodValue;
  /** the list as the checkout last had it: no second get_addresses when the step is shown again */
  addresses: Address[] | null;
  /** the address chosen before, offered first */
  chosenId: number | null;
  /** the shop's first branch ('lat,lng'), where the map opens */
  branch: string | null;
  /** the shop's address page is the post-address page (address_page_type 2): city and postal code asked for every method */
  postAddress?: boolean;
}

/** Refusals decided by the chart's own guards; the view words each key. */
export type AddressRefusal = 'address_unknown' | 'out_of_range' | 'other_city_fields' | AddressProblem;

export interface AddressBookContext {
  method: DeliveryMethodValue;
  postAddress: boolean;
  addresses: Address[];
  /** the address the list offers first: the one chosen before, or the one just added or edited */
  chosenId: number | null;
  /** the address the form edits (null: a new one) */
  editingId: number | null;
  /** the point on the map of the form (the device's position or a tap) */
  point: Point | null;
  /** where the map opens: the shop's first branch, else central Tehran */
  center: Point;
  /** the geocoder's address of the point, offered for empty fields */
  suggestion: LocationData | null;
  refusal: AddressRefusal | null;
  /** every field's problem of the form last refused, so the form shows them all at once */
  problems: AddressProblem[];
  failure: ApiFailure | null;
}

export type AddressEvent =
  | { type: 'address.select'; addressId: number }
  /** the form opens: a new address (null) or a saved one */
  | { type: 'address.compose'; addressId: number | null }
  | { type: 'address.add'; address: NewAddress }
  | { type: 'address.update'; addressId: number; address: NewAddress }
  | { type: 'address.delete'; addressId: number }
  /** a point tapped on the map */
  | { type: 'address.locate'; lat: number; lng: number }
  /** "use my location": the device's position becomes the point */
  | { type: 'address.findMe' };

/** What the chart tells the person (src/app/notices.ts words each id). */
export type AddressNoticeId = 'position unavailable';

/** What the checkout gets when an address is chosen. */
export interface AddressChoice {
  addressId: number;
  addresses: Address[];
}

const known = (context: AddressBookContext, id: number) => context.addresses.find((address) => address.id === id) ?? null;
const namedId = (event: AddressEvent): number | null =>
  event.type === 'address.select' || event.type === 'address.update' || event.type === 'address.delete' ? event.addressId : null;
const formOf = (event: AddressEvent): NewAddress | null => (event.type === 'address.add' || event.type === 'address.update' ? event.address : null);

/**
 * The address step of the checkout (spec §5): the saved addresses, adding, editing and deleting one,
 * the point on the map (a tap or the device's position) and its geocoded address. Guards validate with
 * the contract's rules; a saved or edited address goes back to the list with it offered first (the chart
 * navigates), a failed call is notified. An address that can be delivered to ends the chart with it.
 */
export const addressMachine = setup({
  types: {
    context: {} as AddressBookContext,
    events: {} as AddressEvent,
    input: {} as AddressBookInput,
    output: {} as AddressChoice,
  },
  actors: {
    'load addresses': fromPromise<Address[], void>(notProvided('load addresses')),
    'save address': fromPromise<Address, NewAddress>(notProvided('save address')),
    'update address': fromPromise<Address, { id: number; address: NewAddress }>(notProvided('update address')),
    'delete address': fromPromise<{ id: number }, { id: number }>(notProvided('delete address')),
    locate: fromPromise<LocationData, Point>(notProvided('locate')),
    'device position': fromPromise<Point, void>(notProvided('device position')),
  },
  guards: {
    'list is known': ({ context }) => context.addresses.length > 0,
    'address is known': ({ context, event }) => {
      const id = namedId(event);
      return id !== null && known(context, id) !== null;
    },
    'address is deliverable': ({ context, event }) => {
      if (event.type !== 'address.select') return false;
      const address = known(context, event.addressId);
      if (!address) return false;
      return context.method === DeliveryMethod.otherCity ? otherCityReady(address) : address.in_range;
    },
    'address form is valid': ({ event }) => {
      const form = formOf(event);
      return form !== null && addressProblem(form) === null;
    },
  },
  actions: {
    refuse: assign((_, params: { refusal: AddressRefusal }) => ({ refusal: params.refusal, problems: [], failure: null })),
    'refuse form': assign(({ event }) => {
      const problems = addressProblems(formOf(event) ?? { label: '', address: '' });
      return { refusal: problems[0] ?? 'address_unknown', problems, failure: null };
    }),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error), refusal: null, problems: [] })),
    'clear messages': assign({ refusal: null, problems: [], failure: null }),
    /** provided by the composition root (src/app/live.ts): a toast */
    notify: notifyStub as (_: unknown, notice: Notice<AddressNoticeId>) => void,
    /** provided by the composition root: the list of saved addresses (/cart/address) */
    'show address list': () => {},
    'store addresses': assign((_, params: { addresses: Address[] }) => ({ addresses: params.addresses })),
    'open form': assign(({ context, event }) => {
      assertEvent(event, 'address.compose');
      const edited = event.addressId === null ? null : known(context, event.addressId);
      return { editingId: edited?.id ?? null, point: edited ? { lat: edited.lat, lng: edited.lng } : null, suggestion: null, refusal: null, problems: [], failure: null };
    }),
    'store point': assign((_, params: { point: Point }) => ({ point: params.point })),
    'store tapped point': assign(({ event }) => {
      assertEvent(event, 'address.locate');
      return { point: { lat: event.lat, lng: event.lng } };
    }),
    'store suggestion': assign((_, params: { suggestion: LocationData }) => ({ suggestion: params.suggestion })),
    'store new address': assign(({ context }, params: { address: Address }) => ({ addresses: [params.address, ...context.addresses], chosenId: params.address.id, refusal: null, problems: [], failure: null })),
    'offer address': assign((_, params: { id: number }) => ({ chosenId: params.id })),
    // A deleted address is no longer a choice.
    'forget deleted address': assign(({ context }, params: { id: number }) => ({
      addresses: context.addresses.filter((address) => address.id !== params.id),
      chosenId: context.chosenId === params.id ? null : context.chosenId,
    })),
  },
}).createMachine({
  id: 'addressBook',
  context: ({ input }) => ({
    method: input.method,
    postAddress: input.postAddress === true,
    addresses: input.addresses ?? [],
    chosenId: input.chosenId,
    editingId: null,
    point: null,
    center: (input.branch ? parseLocation(input.branch) : null) ?? DEFAULT_MAP_CENTER,
    suggestion: null,
    refusal: null,
    problems: [],
    failure: null,
  }),
  initial: 'starting',
  // A form opening while the list loads still starts from its address; the latest point tapped (or stepped to
  // with the arrow keys) is the form's in every state, looked up where the chart can look it up.
  on: {
    'address.compose': { actions: 'open form' },
    'address.locate': { actions: 'store tapped point' },
  },
  output: ({ context }) => ({ addressId: context.chosenId ?? 0, addresses: context.addresses }),
  states: {
    starting: {
      always: [{ guard: 'list is known', target: 'choosing' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'addresses',
        src: 'load addresses',
        onDone: { target: 'choosing', actions: { type: 'store addresses', params: ({ event }) => ({ addresses: event.output }) } },
        onError: { target: 'choosing', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ tone: 'failure', error: event.error }) }] },
      },
    },
    choosing: {
      on: {
        'address.select': [
          { guard: 'address is deliverable', target: 'chosen', actions: { type: 'offer address', params: ({ event }) => ({ id: event.addressId }) } },
          { guard: 'address is known', actions: { type: 'refuse', params: ({ context }) => ({ refusal: context.method === DeliveryMethod.otherCity ? 'other_city_fields' : 'out_of_range' }) } },
          { actions: { type: 'refuse', params: { refusal: 'address_unknown' } } },
        ],
        'address.add': [{ guard: 'address form is valid', target: 'saving' }, { actions: 'refuse form' }],
        'address.update': [
          { guard: and(['address is known', 'address form is valid']), target: 'updating' },
          { guard: 'address is known', actions: 'refuse form' },
          { actions: { type: 'refuse', params: { refusal: 'address_unknown' } } },
        ],
        'address.delete': [{ guard: 'address is known', target: 'deleting' }, { actions: { type: 'refuse', params: { refusal: 'address_unknown' } } }],
        'address.locate': { target: 'locating', actions: 'store tapped point' },
        'address.findMe': 'findingYou',
      },
    },
    // The device's position (one geolocation for the app: src/app/device-position.ts); refused or unknown, a toast.
    findingYou: {
      // A tap while the device is asked is the person's newer choice.
      on: { 'address.locate': { target: 'locating', actions: 'store tapped point' } },
      invoke: {
        id: 'devicePosition',
        src: 'device position',
        onDone: { target: 'locating', actions: { type: 'store point', params: ({ event }) => ({ point: event.output }) } },
        onError: { target: 'choosing', actions: { type: 'notify', params: { tone: 'info', id: 'position unavailable' } } },
      },
    },
    // A newer point (a tap, an arrow key's step) or the device's position replaces the one being looked up.
    locating: {
      on: {
        'address.locate': { target: 'locating', reenter: true, actions: 'store tapped point' },
        'address.findMe': 'findingYou',
      },
      invoke: {
        id: 'locate',
        src: 'locate',
        input: ({ context }) => context.point ?? DEFAULT_MAP_CENTER,
        onDone: { target: 'choosing', actions: { type: 'store suggestion', params: ({ event }) => ({ suggestion: event.output }) } },
        onError: { target: 'choosing', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ tone: 'failure', error: event.error }) }] },
      },
    },
    // Saved: back to the list with the new address offered first.
    saving: {
      invoke: {
        id: 'saveAddress',
        src: 'save address',
        input: ({ event }) => {
          assertEvent(event, 'address.add');
          return event.address;
        },
        onDone: { target: 'choosing', actions: [{ type: 'store new address', params: ({ event }) => ({ address: event.output }) }, 'show address list'] },
        onError: { target: 'choosing', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ tone: 'failure', error: event.error }) }] },
      },
    },
    // Edited: the list is loaded again (in_range may have changed), the edited address offered first.
    updating: {
      invoke: {
        id: 'updateAddress',
        src: 'update address',
        input: ({ event }) => {
          assertEvent(event, 'address.update');
          return { id: event.addressId, address: event.address };
        },
        onDone: { target: 'loading', actions: ['clear messages', { type: 'offer address', params: ({ event }) => ({ id: event.output.id }) }, 'show address list'] },
        onError: { target: 'choosing', actions: [{ type: 'remember failure', params: ({ event }) => ({ error: event.error }) }, { type: 'notify', params: ({ event }) => ({ tone: 'failure', error: event.error }) }] },
      },
    },
    // A refused delete is only a toast: the list stays as it was, with no problem of its own.
    deleting: {
      invoke: {
        id: 'deleteAddress',
        src: 'delete address',
        input: ({ event }) => {
          assertEvent(event, 'address.delete');
          return { id: event.addressId };
        },
        onDone: { target: 'loading', actions: ['clear messages', { type: 'forget deleted address', params: ({ event }) => ({ id: event.output.id }) }] },
        onError: { target: 'choosing', actions: ['clear messages', { type: 'notify', params: ({ event }) => ({ tone: 'failure', error: event.error }) }] },
      },
    },
    chosen: { type: 'final' },
  },
});

export type AddressBookSnapshot = SnapshotFrom<typeof addressMachine>;

/** Where a new address is added: the post-address page (city and postal code) for another city or at a shop whose address page it is. */
export const addAddressPath = (snapshot: Pick<AddressBookSnapshot, 'context'>): string =>
  snapshot.context.method === DeliveryMethod.otherCity || snapshot.context.postAddress ? '/cart/address/post-address' : '/cart/address/add';

/** The form asks for the city and postal code: other-city delivery, or a saved address that has them. */
export function asksCity(snapshot: Pick<AddressBookSnapshot, 'context'>): boolean {
  const { method, editingId, postAddress } = snapshot.context;
  if (method === DeliveryMethod.otherCity || postAddress) return true;
  const edited = editingId === null ? null : known(snapshot.context, editingId);
  return edited !== null && (edited.city !== '' || edited.postal_code !== '');
}

/**
 * The form's Save is taken now: not while the saved list still loads, a point is looked up or a save runs (the chart
 * would drop the press, and the customer would see nothing happen).
 */
export function takesForm(snapshot: Pick<AddressBookSnapshot, 'can'>, editingId: number | null): boolean {
  const address: NewAddress = { label: '', address: '', lat: null, lng: null };
  return snapshot.can(editingId === null ? { type: 'address.add', address } : { type: 'address.update', addressId: editingId, address });
}

/** The form's field problems of the last refusal (each shown beside its field). */
export function formProblems(snapshot: Pick<AddressBookSnapshot, 'context'>): readonly AddressProblem[] {
  const { refusal, problems } = snapshot.context;
  return refusal !== null && (problems as readonly string[]).includes(refusal) ? problems : NO_PROBLEMS;
}
const NO_PROBLEMS: readonly AddressProblem[] = [];

/**
 * The step shows the shop's other-city text (data.other_city_detail, issue 32): to a customer whose courier address
 * was refused as outside the delivery area, and to one sending to another city (it says how the shop sends there).
 */
export function showsOtherCityText(snapshot: Pick<AddressBookSnapshot, 'context'>): boolean {
  const { method, refusal } = snapshot.context;
  return method === DeliveryMethod.otherCity || refusal === 'out_of_range';
}
