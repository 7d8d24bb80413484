import { fromPromise, type AnyActorRef, type EventObject } from 'xstate';

/** A section of an editor (settings-form.ts states): 'saving' while its save is on its way, then its refusal or none. */
export interface EditorSection extends AnyActorRef {
  getSnapshot(): { matches(state: 'saving'): boolean; context: { refusal: unknown } };
}

/**
 * One section's part of its editor's one save: hands the section its save event and settles when that save ends,
 * resolving when it went through and rejecting with the refusal when not. A save its own rule refuses never starts
 * (the section shows the rule's problems): that rejects at once.
 */
export const sectionSave = fromPromise<void, { section: EditorSection; save: EventObject }>(
  ({ input }) =>
    new Promise<void>((resolve, reject) => {
      let began = false;
      const watching = input.section.subscribe((snapshot: ReturnType<EditorSection['getSnapshot']>) => {
        if (snapshot.matches('saving')) {
          began = true;
          return;
        }
        if (!began) return;
        watching.unsubscribe();
        if (snapshot.context.refusal) reject(snapshot.context.refusal);
        else resolve();
      });
      input.section.send(input.save);
      if (began || input.section.getSnapshot().matches('saving')) return;
      watching.unsubscribe();
      reject(new Error('refused by its rule'));
    }),
);
