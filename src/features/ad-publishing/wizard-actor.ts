import type { FlowActor } from '@/ui/flows';

/** The wizard's actor, as its step views take it. */
export type WizardActor = FlowActor<'adWizard'>;
