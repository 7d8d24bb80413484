import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { shownProblems, uploadPercent, wizardScreen } from '@machines/classifieds/ad-wizard-machine';
import type { WizardDraft } from '@machines/classifieds/ad-draft';
import { adDetail, jpeg, refusal, startWizard } from './ad-wizard-fixtures';

type Wizard = ReturnType<typeof startWizard>['actor'];
const screen = (actor: Wizard) => wizardScreen(actor.getSnapshot());
const settled = (actor: Wizard) => waitFor(actor, (snapshot) => !['loading'].includes(wizardScreen(snapshot)));

/** The fields of a sale in the wizard, typed as a Persian speaker types them. */
function fillSale(actor: Wizard) {
  const type = (field: Parameters<typeof fill>[1], value: string) => fill(actor, field, value);
  type('title', 'آپارتمان ۸۵ متری نوساز');
  type('province', 'تهران');
  type('city', 'تهران');
  type('neighborhood', 'ونک');
  type('meterage', '۸۵');
  type('total_price', '۱۲٬۰۰۰٬۰۰۰٬۰۰۰');
}
function fill(actor: Wizard, field: 'title' | 'province' | 'city' | 'neighborhood' | 'meterage' | 'total_price' | 'deposit' | 'monthly_rent' | 'build_year', value: string) {
  actor.send({ type: 'wizard.field', field, value });
}

describe('the publishing wizard (machines/classifieds/ad-wizard-machine.ts)', () => {
  it('Scenario: a sale walks request → type → fields (the required-box message under each missing one) → two pictures → the map → review → submit', async () => {
    const { actor, submitted, shown, cleared, stored } = startWizard({ shopId: 4, editId: null });
    await settled(actor);
    expect(screen(actor)).toBe('request');
    actor.send({ type: 'wizard.request', request: 'sale' });
    actor.send({ type: 'wizard.type', adType: 'apartment' });
    expect(screen(actor)).toBe('fields');

    // Going on with nothing typed: the step stays, and says what is missing, by field (the contract's adMissing).
    actor.send({ type: 'wizard.next' });
    expect(screen(actor)).toBe('fields');
    expect(shownProblems(actor.getSnapshot())).toMatchObject({ title: 'required', province: 'required', city: 'required', neighborhood: 'required', meterage: 'required', total_price: 'required' });
    expect(shownProblems(actor.getSnapshot()).deposit).toBeUndefined();

    fillSale(actor);
    fill(actor, 'build_year', '۹۹');
    actor.send({ type: 'wizard.next' });
    expect(shownProblems(actor.getSnapshot())).toEqual({ build_year: 'invalid' });
    fill(actor, 'build_year', '۱۴۰۰');
    actor.send({ type: 'wizard.next' });
    expect(screen(actor)).toBe('pictures');
    expect(shownProblems(actor.getSnapshot())).toEqual({});

    // A GIF is refused before a byte is sent; two pictures are sent; the second is made the cover; a third removed.
    actor.send({ type: 'wizard.pick', file: { name: 'x.gif', type: 'image/gif', size: 10 } });
    expect(actor.getSnapshot().context.pictureRefusal?.result).toBe('unauthorized_file_type');
    actor.send({ type: 'wizard.pick', file: jpeg('a.jpg') });
    actor.send({ type: 'wizard.pick', file: jpeg('b.jpg') });
    actor.send({ type: 'wizard.pick', file: jpeg('c.jpg') });
    expect(actor.getSnapshot().context.pictures.map((picture) => picture.id)).toEqual([100, 101, 102]);
    actor.send({ type: 'wizard.movePicture', id: 101, by: -1 });
    actor.send({ type: 'wizard.removePicture', id: 102 });
    expect(actor.getSnapshot().context.pictures.map((picture) => picture.id)).toEqual([101, 100]);
    expect(stored.get(4)?.pictures.map((picture) => picture.id)).toEqual([101, 100]);
    actor.send({ type: 'wizard.next' });

    // The map: no point, no going on.
    expect(screen(actor)).toBe('location');
    actor.send({ type: 'wizard.next' });
    expect(shownProblems(actor.getSnapshot())).toEqual({ location: 'required' });
    actor.send({ type: 'wizard.place', point: { lat: 35.757, lng: 51.41 } });
    actor.send({ type: 'wizard.next' });
    expect(screen(actor)).toBe('review');

    actor.send({ type: 'wizard.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(submitted).toEqual([
      {
        editId: null,
        ad: expect.objectContaining({ request: 'sale', type: 'apartment', title: 'آپارتمان ۸۵ متری نوساز', meterage: 85, total_price: 12_000_000_000, build_year: 1400, deposit: null, monthly_rent: null, picture_ids: [101, 100], location: { lat: 35.757, lng: 51.41 } }),
      },
    ]);
    expect(shown).toEqual(['my ads']);
    expect(cleared).toEqual([4]);
    expect(stored.has(4)).toBe(false);
  });

  it('Scenario: a type for a business (a shop) asks its business class; a rent asks a deposit and a monthly rent, not both 0', async () => {
    const { actor } = startWizard({ shopId: 4, editId: null });
    await settled(actor);
    actor.send({ type: 'wizard.request', request: 'rent' });
    actor.send({ type: 'wizard.type', adType: 'shop' });
    expect(screen(actor)).toBe('businessClass');
    actor.send({ type: 'wizard.businessClass', businessClass: 'food' });
    fillSale(actor);
    fill(actor, 'deposit', '۰');
    fill(actor, 'monthly_rent', '0');
    actor.send({ type: 'wizard.next' });
    expect(screen(actor)).toBe('fields');
    expect(shownProblems(actor.getSnapshot())).toEqual({ monthly_rent: 'required' });
    fill(actor, 'monthly_rent', '۲۵۰۰۰۰۰۰');
    actor.send({ type: 'wizard.next' });
    expect(screen(actor)).toBe('pictures');
    actor.send({ type: 'wizard.back' });
    actor.send({ type: 'wizard.back' });
    expect(screen(actor)).toBe('businessClass');
  });

  it('Scenario: a draft survives a reload: the wizard opens again at the step it was left at, with what was typed and sent', async () => {
    const first = startWizard({ shopId: 4, editId: null });
    await settled(first.actor);
    first.actor.send({ type: 'wizard.request', request: 'sale' });
    first.actor.send({ type: 'wizard.type', adType: 'apartment' });
    fillSale(first.actor);
    first.actor.send({ type: 'wizard.next' });
    first.actor.send({ type: 'wizard.pick', file: jpeg() });
    first.actor.stop();

    const again = startWizard({ shopId: 4, editId: null }, { stored: first.stored });
    await settled(again.actor);
    expect(screen(again.actor)).toBe('pictures');
    expect(again.actor.getSnapshot().context.texts.title).toBe('آپارتمان ۸۵ متری نوساز');
    expect(again.actor.getSnapshot().context.pictures.map((picture) => picture.id)).toEqual([100]);
    // Another shop has no draft.
    const elsewhere = startWizard({ shopId: 5, editId: null }, { stored: first.stored });
    await settled(elsewhere.actor);
    expect(screen(elsewhere.actor)).toBe('request');
  });

  it('Scenario: /new/:request/:type preselects (a draft keeps its typed fields); an unknown request or type preselects nothing', async () => {
    const stored = new Map<number, WizardDraft>();
    const { actor } = startWizard({ shopId: 4, editId: null, request: 'rent', type: 'apartment' }, { stored });
    await settled(actor);
    expect(screen(actor)).toBe('fields');
    expect(actor.getSnapshot().context).toMatchObject({ request: 'rent', type: 'apartment' });
    const requestOnly = startWizard({ shopId: 4, editId: null, request: 'buy', type: 'castle' });
    await settled(requestOnly.actor);
    expect(screen(requestOnly.actor)).toBe('type');
    const nothing = startWizard({ shopId: 4, editId: null, request: 'steal', type: 'apartment' });
    await settled(nothing.actor);
    expect(screen(nothing.actor)).toBe('request');
  });

  it("Scenario: the server's refusals land where they belong: a field it names on that field's step, a daily limit or duplicate on the review", async () => {
    let answer: unknown = refusal('ad_field_required', 'قیمت کل الزامی است', { field: 'total_price' });
    const { actor, shown } = startWizard(
      { shopId: 4, editId: null, request: 'sale', type: 'apartment' },
      {
        submit: async () => {
          throw answer;
        },
      },
    );
    await settled(actor);
    fillSale(actor);
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.place', point: { lat: 35.7, lng: 51.4 } });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.submit' });
    await waitFor(actor, (snapshot) => wizardScreen(snapshot) === 'fields');
    expect(shownProblems(actor.getSnapshot()).total_price).toEqual({ message: 'قیمت کل الزامی است' });
    // Typing in the field takes the server's message away.
    fill(actor, 'total_price', '۱۲۰۰۰۰۰۰۰۰۰');
    expect(shownProblems(actor.getSnapshot()).total_price).toBeUndefined();

    answer = refusal('ad_daily_limit', 'امروز بیش از این نمی‌توانید آگهی ثبت کنید');
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.submit' });
    await waitFor(actor, (snapshot) => wizardScreen(snapshot) === 'review' && snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toMatchObject({ result: 'ad_daily_limit' });
    answer = refusal('ad_duplicate', 'این آگهی را قبلاً ثبت کرده‌اید');
    actor.send({ type: 'wizard.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.refusal?.result === 'ad_duplicate');
    expect(shown).toEqual([]);
  });

  it("Scenario: a picture the server refuses says the server's words; progress shows while it is sent", async () => {
    const { actor } = startWizard({ shopId: 4, editId: null, request: 'buy', type: 'land' }, { uploadFails: refusal('unauthorized_file_size', 'حجم فایل مجاز نیست') });
    await settled(actor);
    fillSale(actor);
    actor.send({ type: 'wizard.next' });
    expect(uploadPercent(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'wizard.pick', file: jpeg() });
    expect(actor.getSnapshot().context.pictureRefusal).toEqual({ result: 'unauthorized_file_size', message: 'حجم فایل مجاز نیست' });
    expect(actor.getSnapshot().context.pictures).toEqual([]);
  });

  it("Scenario: an edit starts from the publisher's ad and sends update_ad_ty's input (no draft kept); another's ad is not editable", async () => {
    const { actor, submitted, stored } = startWizard({ shopId: 4, editId: 31 });
    await settled(actor);
    expect(screen(actor)).toBe('fields');
    expect(actor.getSnapshot().context.texts).toMatchObject({ title: 'آپارتمان نوساز در ونک', meterage: '85', total_price: '12000000000' });
    fill(actor, 'title', 'آپارتمان نوساز و روشن در ونک');
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.submit' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(submitted[0]).toMatchObject({ editId: 31, ad: { title: 'آپارتمان نوساز و روشن در ونک', picture_ids: [7] } });
    expect(stored.size).toBe(0);

    const others = startWizard({ shopId: 4, editId: 32 }, { load: async () => adDetail({ id: 32, mine: false }) });
    await settled(others.actor);
    expect(screen(others.actor)).toBe('notMine');
    const failing = startWizard({ shopId: 4, editId: 33 }, { load: async () => Promise.reject(refusal('ad_not_found', 'آگهی پیدا نشد')) });
    await settled(failing.actor);
    expect(screen(failing.actor)).toBe('loadFailed');
  });
});
