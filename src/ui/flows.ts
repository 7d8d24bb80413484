import type { ActorRefFrom, InputFrom } from 'xstate';
import type { branchMachine } from '@machines/branch-machine';
import type { adBookmarksMachine } from '@machines/classifieds/ad-bookmarks-machine';
import type { adDetailMachine } from '@machines/classifieds/ad-detail-machine';
import type { adFinderMachine } from '@machines/classifieds/ad-finder-machine';
import type { conversationMachine } from '@machines/conversation-machine';
import type { adWizardMachine } from '@machines/classifieds/ad-wizard-machine';
import type { myAdsMachine } from '@machines/classifieds/my-ads-machine';
import type { savedSearchesMachine } from '@machines/classifieds/saved-searches-machine';
import type { messagesMachine } from '@machines/messages-machine';
import type { orderMachine } from '@machines/order-machine';
import type { questionnaireMachine } from '@machines/questionnaire-machine';
import type { supportChatMachine } from '@machines/support-chat-machine';
import type { walletChargeMachine } from '@machines/wallet-charge-machine';

/*
 * Charts that only one screen runs (the branch choice, a questionnaire) load with that screen, not
 * with the entry. The composition root (src/app/live.ts) names where each one's live logic comes
 * from; a screen asks for it by name (useScreenActor in actor-system.tsx).
 */

/** The screen flows by name, as their charts type them. */
export interface Flows {
  branch: typeof branchMachine;
  questionnaire: typeof questionnaireMachine;
  supportChat: typeof supportChatMachine;
  messages: typeof messagesMachine;
  order: typeof orderMachine;
  /** the classifieds' finding side (issue 31): /home-4, an ad's detail, the bookmarks, the chat about an ad */
  adFinder: typeof adFinderMachine;
  adDetail: typeof adDetailMachine;
  adBookmarks: typeof adBookmarksMachine;
  adConversation: typeof conversationMachine;
  adWizard: typeof adWizardMachine;
  myAds: typeof myAdsMachine;
  savedSearches: typeof savedSearchesMachine;
  /** the wallet page's top-up through the gateway */
  walletCharge: typeof walletChargeMachine;
}
export type FlowName = keyof Flows;
export type FlowActor<K extends FlowName> = ActorRefFrom<Flows[K]>;
export type FlowInput<K extends FlowName> = InputFrom<Flows[K]>;

type FlowLoaders = { [K in FlowName]: () => Promise<Flows[K]> };

let loaders: FlowLoaders | null = null;
const loaded = new Map<FlowName, Promise<unknown>>();

/** Called once by the composition root: where each flow's live logic is loaded from. */
export function provideFlows(next: FlowLoaders): void {
  loaders = next;
  loaded.clear();
}

/** The live logic of a flow, loaded once (the same promise every time, as React's `use` needs). */
export function flowLogic<K extends FlowName>(name: K): Promise<Flows[K]> {
  if (!loaders) throw new Error('provideFlows has not run: the composition root provides the screen flows');
  let promise = loaded.get(name);
  if (!promise) {
    promise = loaders[name]();
    loaded.set(name, promise);
  }
  return promise as Promise<Flows[K]>;
}
