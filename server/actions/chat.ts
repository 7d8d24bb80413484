import { chatConversationActions } from './chat-conversations';
import { chatLiveActions } from './chat-live';
import { chatSupportActions } from './chat-support';

/** The live channel, the support chat, public messages and conversations. */
export const chatActions = { ...chatLiveActions, ...chatSupportActions, ...chatConversationActions };
