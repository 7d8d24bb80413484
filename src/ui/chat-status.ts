import { useSelector } from '@xstate/react';
import { useSystemActor } from '@/ui/actor-system';
import { isConnected, isOffline, unreadDestination, unreadTotal } from '@machines/chat-machine';

/** The live channel as the shell shows it (header badge, offline notice): narrow selectors of the 'chat' actor. */
export function useChatStatus() {
  const chat = useSystemActor('chat');
  const connected = useSelector(chat, (snapshot) => (snapshot ? isConnected(snapshot) : false));
  const offline = useSelector(chat, (snapshot) => (snapshot ? isOffline(snapshot) : false));
  const unread = useSelector(chat, (snapshot) => (snapshot ? unreadTotal(snapshot) : 0));
  const destination = useSelector(chat, (snapshot) => (snapshot ? unreadDestination(snapshot) : '/support'));
  return { connected, offline, unread, destination };
}
