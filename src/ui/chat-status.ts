import { isConnected, isOffline, unreadDestination, unreadTotal } from '@machines/chat-machine';
import { useSystemSelector } from './app-actor';

/** The live channel as the shell shows it (header badge, offline notice): narrow selectors of the 'chat' actor. */
export function useChatStatus() {
  const connected = useSystemSelector('chat', isConnected, false);
  const offline = useSystemSelector('chat', isOffline, false);
  const unread = useSystemSelector('chat', unreadTotal, 0);
  const destination = useSystemSelector('chat', unreadDestination, '/support');
  return { connected, offline, unread, destination };
}
