import { fromPromise } from 'xstate';
import { consoleMachine, type Credentials } from '@machines/console/console-machine';
import { accessRequestsMachine, type AccessAnswer, type AccessPageRequest } from '@machines/console/access-requests-machine';
import { inboxMachine, type ChatPageRequest, type PictureReply, type ReplyRequest } from '@machines/console/inbox-machine';
import type { AuditPageRequest } from '@machines/console/audit-log-machine';
import type { ModerationRequest, QueuePageRequest } from '@machines/console/ad-queue-machine';
import type { CounterSettingsUpdate } from '@machines/console/counter-settings-machine';
import type { DiscountCodeRequest, DiscountCodeUpdate } from '@machines/console/discount-codes-machine';
import type { ContactMark, ContactPageRequest } from '@machines/console/contact-messages-machine';
import type { SubmissionFilter } from '@machines/console/submissions-machine';
import type { PageSave, PictureChange } from '@machines/console/shop-content-machine';
import type { MemberUpdate, NewMember } from '@machines/console/team-machine';
import { fromUpload } from '@/api/upload-actor';
import { consoleApiLanguage, consoleCall } from './api';
import { persistConsoleLanguage } from './language';
import { liveStaffChannel } from './live-staff-channel';
import { ordersBoardMachine, type BoardRequest } from '@machines/console/orders-board-machine';
import { orderDetailMachine, type OrderChangeRequest } from '@machines/console/order-detail-machine';
import { boardSound, persistAlertMuted, playAlert } from './orders/alert-sound';

/** A staff member's picture to the open chat: the upload endpoint with extra.user_id, in the console's language. */
const uploadReplyPicture = fromUpload((input: PictureReply) => ({
  type: 'media_message',
  extra: { user_id: input.userId, message: input.message },
  language: consoleApiLanguage(),
}));

/** The support inbox: support_chats, support_chat, support_reply, support_read and the upload. */
const liveInbox = inboxMachine.provide({
  actors: {
    'load chats': fromPromise(({ input }: { input: { offset: number; length: number } }) => consoleCall('support_chats', input)),
    'load chat': fromPromise(({ input }: { input: ChatPageRequest }) => consoleCall('support_chat', { user_id: input.userId, offset: input.offset, length: input.length })),
    'send reply': fromPromise(({ input }: { input: ReplyRequest }) => consoleCall('support_reply', { user_id: input.userId, message: input.message })),
    'mark read': fromPromise(({ input }: { input: { userId: number; id: number } }) => consoleCall('support_read', { user_id: input.userId, id: input.id })),
    'upload picture': uploadReplyPicture,
  },
});

/** An order's detail: order_detail, order_change and order_record_payment. */
const liveOrderDetail = orderDetailMachine.provide({
  actors: {
    'load order': fromPromise(({ input }: { input: { order_id: number } }) => consoleCall('order_detail', input)),
    'change order': fromPromise(({ input }: { input: OrderChangeRequest }) => consoleCall('order_change', input)),
    'record payment': fromPromise(({ input }: { input: { order_id: number } }) => consoleCall('order_record_payment', input)),
  },
});

/** The orders board: orders_board, the alert's sound and mute, and the detail it opens. */
const liveOrdersBoard = ordersBoardMachine.provide({
  actors: {
    'load board': fromPromise(({ input }: { input: BoardRequest }) => consoleCall('orders_board', input)),
    'order detail': liveOrderDetail,
    sound: boardSound,
  },
  actions: {
    ring: () => playAlert(),
    'persist muted': (_, { muted }) => persistAlertMuted(muted),
  },
});

/** The access requests (the navigation's badge on every screen): access_requests and access_answer. */
const liveAccessRequests = accessRequestsMachine.provide({
  actors: {
    'load requests': fromPromise(({ input }: { input: AccessPageRequest }) => consoleCall('access_requests', input)),
    'answer request': fromPromise(({ input }: { input: AccessAnswer }) => consoleCall('access_answer', input)),
  },
});

/**
 * The console's composition root: every live effect of the console chart and its children (the
 * inbox, the staff's live channel, the orders board and its order detail), provided once.
 */
export const liveConsoleMachine = consoleMachine.provide({
  actors: {
    'check session': fromPromise(() => consoleCall('staff_me', {})),
    'log in': fromPromise(({ input }: { input: Credentials }) => consoleCall('staff_login', input)),
    'log out': fromPromise(() => consoleCall('staff_logout', {})),
    'staff live': liveStaffChannel,
    inbox: liveInbox,
    'orders board': liveOrdersBoard,
    'access requests': liveAccessRequests,
  },
  actions: {
    'persist language': (_, { language }) => void persistConsoleLanguage(language),
  },
});

/** Loads a screen's chart once (the same promise every time, as React's `use` needs). */
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load());
};

/**
 * The charts of the counter's screens with their effects, each loaded with its screen's chunk (useScreenFlow):
 * a customer's wallet, the team, the audit log, the counter's settings.
 */
export const counterFlows = {
  customerWallet: once(async () => {
    const { customerWalletMachine } = await import('@machines/console/customer-wallet-machine');
    return customerWalletMachine.provide({
      actors: {
        'find customers': fromPromise(({ input }: { input: { search: string } }) => consoleCall('customers_find', input)),
        'load wallet': fromPromise(({ input }: { input: { user_id: number } }) => consoleCall('customer_wallet', input)),
        'adjust wallet': fromPromise(({ input }: { input: { user_id: number; amount: number; reason: string } }) => consoleCall('wallet_adjust', input)),
      },
    });
  }),
  team: once(async () => {
    const { teamMachine } = await import('@machines/console/team-machine');
    return teamMachine.provide({
      actors: {
        'load team': fromPromise(() => consoleCall('team', {})),
        'add member': fromPromise(({ input }: { input: NewMember }) => consoleCall('team_add', input)),
        'update member': fromPromise(({ input }: { input: MemberUpdate }) => consoleCall('team_update', input)),
      },
    });
  }),
  auditLog: once(async () => {
    const { auditLogMachine } = await import('@machines/console/audit-log-machine');
    return auditLogMachine.provide({
      actors: {
        'load entries': fromPromise(({ input }: { input: AuditPageRequest }) => consoleCall('audit_log', input)),
        'load team': fromPromise(() => consoleCall('team', {})),
      },
    });
  }),
  adQueue: once(async () => {
    const { adQueueMachine } = await import('@machines/console/ad-queue-machine');
    return adQueueMachine.provide({
      actors: {
        'load queue': fromPromise(({ input }: { input: QueuePageRequest }) => consoleCall('ads_queue', input)),
        moderate: fromPromise(({ input }: { input: ModerationRequest }) => consoleCall('ad_moderate', input)),
      },
    });
  }),
  submissions: once(async () => {
    const [{ submissionsMachine }, { saveCsv }] = await Promise.all([import('@machines/console/submissions-machine'), import('./customer-messages/save-csv')]);
    return submissionsMachine.provide({
      actors: {
        'load submissions': fromPromise(({ input }: { input: SubmissionFilter & { offset: number; length: number } }) => consoleCall('form_submissions', input)),
        'export csv': fromPromise(({ input }: { input: SubmissionFilter }) => consoleCall('form_submissions_csv', input)),
      },
      actions: { 'save file': (_, { csv }) => saveCsv(csv) },
    });
  }),
  contactMessages: once(async () => {
    const { contactMessagesMachine } = await import('@machines/console/contact-messages-machine');
    return contactMessagesMachine.provide({
      actors: {
        'load messages': fromPromise(({ input }: { input: ContactPageRequest }) => consoleCall('contact_messages', input)),
        'mark message': fromPromise(({ input }: { input: ContactMark }) => consoleCall('contact_message_mark', input)),
      },
    });
  }),
  publicMessages: once(async () => {
    const { publicMessagesMachine } = await import('@machines/console/public-messages-machine');
    return publicMessagesMachine.provide({
      actors: {
        'load messages': fromPromise(() => consoleCall('public_messages', {})),
        'add message': fromPromise(({ input }: { input: { body: string } }) => consoleCall('public_message_add', input)),
        'update message': fromPromise(({ input }: { input: { message_id: number; body: string } }) => consoleCall('public_message_update', input)),
        'delete message': fromPromise(({ input }: { input: { message_id: number } }) => consoleCall('public_message_delete', input)),
      },
    });
  }),
  discountCodes: once(async () => {
    const { discountCodesMachine } = await import('@machines/console/discount-codes-machine');
    return discountCodesMachine.provide({
      actors: {
        'load codes': fromPromise(({ input }: { input: { search: string } }) => consoleCall('discount_codes', input)),
        'add code': fromPromise(({ input }: { input: DiscountCodeRequest }) => consoleCall('discount_code_add', input)),
        'update code': fromPromise(({ input }: { input: DiscountCodeUpdate }) => consoleCall('discount_code_update', input)),
        'switch code': fromPromise(({ input }: { input: { discount_id: number; disabled: 0 | 1 } }) => consoleCall('discount_code_disable', input)),
        'load uses': fromPromise(({ input }: { input: { discount_id: number } }) => consoleCall('discount_code_uses', input)),
      },
    });
  }),
  shopContent: once(async () => {
    const { shopContentMachine } = await import('@machines/console/shop-content-machine');
    return shopContentMachine.provide({
      actors: {
        'load content': fromPromise(async () => ({ pages: await consoleCall('content_pages', {}), pictures: await consoleCall('home_pictures', {}) })),
        'upload picture': fromUpload(() => ({ type: 'shop_picture', extra: {}, language: consoleApiLanguage() })),
        'save page': fromPromise(({ input }: { input: PageSave }) => consoleCall('content_page_update', input)),
        'change pictures': fromPromise(({ input }: { input: PictureChange }) => {
          const { code, ...fields } = input;
          switch (code) {
            case 'home_picture_add':
              return consoleCall(code, fields as Omit<Extract<PictureChange, { code: typeof code }>, 'code'>);
            case 'home_picture_update':
              return consoleCall(code, fields as Omit<Extract<PictureChange, { code: typeof code }>, 'code'>);
            case 'home_picture_remove':
              return consoleCall(code, fields as Omit<Extract<PictureChange, { code: typeof code }>, 'code'>);
            case 'home_pictures_reorder':
              return consoleCall(code, fields as Omit<Extract<PictureChange, { code: typeof code }>, 'code'>);
          }
        }),
      },
    });
  }),
  counterSettings: once(async () => {
    const { counterSettingsMachine } = await import('@machines/console/counter-settings-machine');
    return counterSettingsMachine.provide({
      actors: {
        'load settings': fromPromise(() => consoleCall('counter_settings', {})),
        'save settings': fromPromise(({ input }: { input: CounterSettingsUpdate }) => consoleCall('counter_settings_update', input)),
      },
    });
  }),
};
