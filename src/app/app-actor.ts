import { createActor, fromPromise } from 'xstate';
import type { Language } from '@contract/enums';
import { appMachine } from '@machines/app-machine';
import { call } from '@/api/client';
import { applyLanguage } from '@/i18n/i18n';
import { readStoredLanguage, storeLanguage } from '@/i18n/language-storage';
import type { Inspect } from './inspector';

/** The startup machine with the real effects: the API client, localStorage and Lingui. */
export const liveAppMachine = appMachine.provide({
  actors: {
    'load language': fromPromise<Language, void>(async () => readStoredLanguage()),
    'load shop': fromPromise(({ input }: { input: { language: Language } }) => call('get_shop', { language: input.language })),
    'load user': fromPromise(() => call('get_user_detail', {})),
    'load conversations': fromPromise(() => call('get_all_conversations', {})),
    'load cart': fromPromise(() => call('get_cart', {})),
    'load slides': fromPromise(() => call('get_slides', {})),
    'load folders': fromPromise(() => call('get_all_folders', {})),
    'load banners': fromPromise(() => call('get_banners', {})),
  },
  actions: {
    'persist language': ({ context }) => {
      storeLanguage(context.language);
      applyLanguage(context.language);
    },
  },
});

/** Creates and starts the root actor; `inspect` connects the Stately inspector in development. */
export function startAppActor(inspect?: Inspect) {
  const actor = createActor(liveAppMachine, { inspect });
  // Lingui, <html dir> and Accept-Language follow the machine's language, whichever step set it.
  actor.subscribe((snapshot) => applyLanguage(snapshot.context.language));
  actor.start();
  return actor;
}
