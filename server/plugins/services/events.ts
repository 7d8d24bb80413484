import fp from 'fastify-plugin';
import { createInProcessBus, type EventBus } from '../../services/events';

declare module 'fastify' {
  interface FastifyInstance {
    /** the bus every instance shares (docs/server.md, "Events") */
    events: EventBus;
  }
}

/** The event bus: the one given (main.ts: LISTEN/NOTIFY on PostgreSQL; a test's shared bus), else an in-process bus closed with the app. */
export const eventsPlugin = fp<{ bus?: EventBus }>(
  async (app, { bus }) => {
    const events = bus ?? createInProcessBus();
    app.decorate('events', events);
    if (!bus) app.addHook('onClose', async () => events.close());
  },
  { name: 'events' },
);
