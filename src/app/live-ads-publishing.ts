import { fromPromise } from 'xstate';
import { adWizardMachine, type SubmitAdInput } from '@machines/classifieds/ad-wizard-machine';
import { myAdsMachine, type MyAdAction } from '@machines/classifieds/my-ads-machine';
import type { WizardDraft } from '@machines/classifieds/ad-draft';
import type { PickedFile } from '@machines/upload';
import { call } from '@/api/client';
import { viaApi } from '@/api/failure';
import { fromUpload } from '@/api/upload-actor';
import { AD_PAGE_LENGTH } from '@contract/rules/ads';
import { fromCode } from './from-code';
import { showNotice } from './notices';

/*
 * The live effects of the classifieds' publishing screens (issue 31): the wizard and "my ads". Loaded with the
 * first of them (src/ui/flows.ts); live.ts names it in provideFlows and adds the navigation.
 */

/** localStorage: the wizard's draft of a new ad, per shop (the page's shop; cleared once submitted). */
const draftKey = (shopId: number) => `storefront.classifieds.draft.${shopId}`;

export const liveAdWizard = adWizardMachine.provide({
  actors: {
    'load draft': fromPromise(async ({ input }: { input: { shopId: number } }) => {
      try {
        return JSON.parse(localStorage.getItem(draftKey(input.shopId)) ?? 'null') as unknown;
      } catch {
        return null;
      }
    }),
    'load ad': fromCode('get_ad_ty', (input: { id: number }) => input),
    'upload picture': fromUpload((_: { file: PickedFile }) => ({ type: 'ad_picture', extra: {} })),
    'submit ad': fromPromise(({ input }: { input: SubmitAdInput }) =>
      input.editId === null
        ? viaApi(call('create_new_ty_ad', { ad_object: JSON.stringify(input.ad) }))
        : viaApi(call('update_ad_ty', { ad_id: input.editId, ad_object: JSON.stringify(input.ad) })),
    ),
  },
  actions: {
    'save draft': (_, { shopId, draft }: { shopId: number; draft: WizardDraft }) => localStorage.setItem(draftKey(shopId), JSON.stringify(draft)),
    'clear draft': (_, { shopId }: { shopId: number }) => localStorage.removeItem(draftKey(shopId)),
    'tell failure': ({ event }) => showNotice({ tone: 'failure', error: (event as { error?: unknown }).error }),
  },
});

/** "My ads": ty_my_ads (the first 50, newest first) and the publisher's own changes (ty_ad_action). */
export const liveMyAds = myAdsMachine.provide({
  actors: {
    'load ads': fromCode('ty_my_ads', (_: void) => ({ offset: 0, length: AD_PAGE_LENGTH * 5 })),
    'act on ad': fromCode('ty_ad_action', (input: { adId: number; action: MyAdAction }) => ({ ad_id: input.adId, action: input.action })),
  },
  actions: { notify: (_, notice) => showNotice(notice) },
});
