import { fromPromise } from 'xstate';
import { conversationMachine } from '@machines/conversation-machine';
import { messagesMachine } from '@machines/messages-machine';
import { supportChatMachine, type PictureUpload } from '@machines/support-chat-machine';
import type { Point } from '@contract/rules/distance';
import { branchMachine, type SelectBranchInput } from '@machines/branch-machine';
import { questionnaireMachine, type FormSubmission } from '@machines/questionnaire-machine';
import { orderMachine } from '@machines/order-machine';
import { walletChargeMachine } from '@machines/wallet-charge-machine';
import { OrderStatus } from '@contract/entities/order';
import { branchList, call } from '@/api/client';
import { viaApi } from '@/api/failure';
import { fromUpload } from '@/api/upload-actor';
import { devicePosition } from './device-position';
import { fromCode } from './from-code';
import { BASENAME } from './router';
import { showNotice } from './notices';

/*
 * The live effects of the screen flows (src/ui/flows.ts): this module loads with the first screen
 * that runs one of them, not with the entry. live.ts names it in provideFlows.
 */

/** The branch choice with the device's position, branch_list.php and select_branch. */
export const liveBranch = branchMachine.provide({
  actors: {
    locate: fromPromise(() => devicePosition()),
    'load branches': fromPromise(({ input }: { input: { position: Point | null } }) => viaApi(branchList(input.position))),
    'name place': fromPromise(async ({ input }: { input: Point }) => {
      const place = await viaApi(call('get_location_data', input));
      return [place.city, place.district].filter((part) => part !== '').join(' · ');
    }),
    'store position': fromPromise<unknown, Point>(({ input }) => viaApi(call('set_last_location', input))),
    'select branch': fromCode('select_branch', (input: SelectBranchInput) => ({
      branch_id: input.branchId,
      clear_cart: input.clearCart ? 1 : 0,
      ...(input.position ?? {}),
    })),
  },
  actions: {
    // A new page for the branch: index.html carries its shop, cart and menu (the server routes by the branch cookie).
    'enter branch': () => window.location.assign(`${BASENAME}/home`),
  },
});

/** A survey sends its answers (submit_survey); any other form its entries with the form's id (submit_form). */
export const liveQuestionnaire = questionnaireMachine.provide({
  actors: {
    'submit form': fromPromise(({ input }: { input: FormSubmission }) =>
      input.kind === 'survey'
        ? viaApi(call('submit_survey', { answers: JSON.stringify(input.answers) }))
        : viaApi(call('submit_form', { form: JSON.stringify(input.entries), form_id: input.formId })),
    ),
  },
  actions: { 'tell failure': (_, { error }) => showNotice({ tone: 'failure', error }) },
});

/** /support: get_messages (type chat), send_message_web, the upload, read_message (type chat). */
export const liveSupportChat = supportChatMachine.provide({
  actors: {
    'load messages': fromCode('get_messages', (input: { offset: number; length: number }) => ({ type: 'chat' as const, ...input })),
    'send message': fromCode('send_message_web', (input: { name: string; message: string; type: 20 }) => input),
    'mark read': fromCode('read_message', (input: { id: number }) => ({ type: 'chat' as const, id: input.id })),
    'upload picture': fromUpload((input: PictureUpload) => ({ type: 'media_message', extra: { name: input.name, message: input.message } })),
  },
  actions: { 'tell refusal': (_, { error }) => showNotice({ tone: 'failure', error }) },
});

/** One conversation: in /messages, and alone at /home-4/chat/:id (the chat about an ad). */
export const liveConversation = conversationMachine.provide({
  actors: {
    'load conversation': fromCode('get_conversation_messages', (input: { conversationId: number; offset: number; length: number }) => ({
      conversation_id: input.conversationId,
      offset: input.offset,
      length: input.length,
    })),
    'send to conversation': fromCode('send_message_to_conversation', (input: { to: number; text: string }) => ({ to: input.to, text_message: input.text })),
    'read conversation': fromCode('readConversation', (input: { conversationId: number }) => ({ conv_id: input.conversationId })),
  },
  actions: { 'tell refusal': (_, { error }) => showNotice({ tone: 'failure', error }) },
});

/** /messages: public messages (get_messages type public, read_message) and conversations. */
export const liveMessages = messagesMachine.provide({
  actors: {
    'load public': fromCode('get_messages', (input: { offset: number; length: number }) => ({ type: 'public' as const, ...input })),
    'load conversations': fromCode('get_all_conversations', (input: { offset: number; length: number }) => input),
    'read public': fromCode('read_message', (input: { id: number }) => ({ type: 'public' as const, id: input.id })),
    conversation: liveConversation,
  },
});

/** /archive-orders/detail/:id: get_order_by_id, and update_status_order to cancel it. */
export const liveOrder = orderMachine.provide({
  actors: {
    'load order': fromCode('get_order_by_id', (input: { id: number }) => input),
    'cancel order': fromCode('update_status_order', (input: { id: number }) => ({ order_id: input.id, status: OrderStatus.canceled })),
  },
  actions: { notify: (_, notice) => showNotice(notice) },
});

/** The wallet page's top-up: wallet_charge, the bank's page, then wallet_charge_verify on the way back. */
export const liveWalletCharge = walletChargeMachine.provide({
  actors: {
    'start charge': fromCode('wallet_charge', (input: { amount: number }) => input),
    'verify charge': fromCode('wallet_charge_verify', (input: { sep_id: string }) => input),
  },
  actions: {
    'go to the bank': (_, { url }) => window.location.assign(url),
  },
});
