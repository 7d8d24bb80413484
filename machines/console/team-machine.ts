import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { TeamMember } from '@contract/console/counter-entities';
import type { StaffRole } from '@contract/console/rules';
import { noProblems, staffAccountProblems, type FormProblems } from '@contract/rules/counter-forms';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';

export interface NewMember {
  name: string;
  username: string;
  password: string;
  role: StaffRole;
}

/** One change of a member (team_update): the fields given change, the others stay. */
export interface MemberChange {
  name?: string;
  role?: StaffRole;
  disabled?: 0 | 1;
  password?: string;
}

export type MemberUpdate = MemberChange & { staff_id: number };

type AccountField = 'name' | 'username' | 'password' | 'role';
export type TeamNote = 'added' | 'updated';

export interface TeamContext {
  members: TeamMember[];
  listFailure: ApiFailure | null;
  /** the add form as typed */
  form: NewMember;
  /** the add form's refused fields (the rule, before sending) */
  addProblems: FormProblems<AccountField>;
  /** the member a change is for and its refused fields (a short password, a blank name) */
  changeProblems: { staffId: number; problems: FormProblems<AccountField> } | null;
  /** the member being changed (its controls wait) */
  changing: number | null;
  /** the server's refusal of the last add or change, in its words (a username taken, the last owner) */
  refusal: ApiFailure | null;
  /** what the last save did, for the screen's note */
  note: { kind: TeamNote; name: string } | null;
}

export type TeamEvent =
  | { type: 'team.retry' }
  | { type: 'add.edit'; field: AccountField; value: string }
  | { type: 'add.submit' }
  | { type: 'member.change'; staffId: number; change: MemberChange };

const BLANK: NewMember = { name: '', username: '', password: '', role: 'staff' };

const trimmed = (form: NewMember): NewMember => ({ ...form, name: form.name.trim(), username: form.username.trim() });
const trimmedChange = (change: MemberChange): MemberChange => (change.name === undefined ? change : { ...change, name: change.name.trim() });

/**
 * The owner's team screen: the accounts (team), a new one (team_add) and changes to one (team_update: a new name or
 * role, disabled or enabled, a new password). staffAccountProblems checks each form before it is sent; the server's
 * refusals (a username taken, the last owner disabled) are kept in its words.
 */
export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
  },
  actors: {
    'load team': fromPromise<TeamMember[], void>(notProvided('load team')),
    'add member': fromPromise<TeamMember, NewMember>(notProvided('add member')),
    'update member': fromPromise<TeamMember, MemberUpdate>(notProvided('update member')),
  },
  guards: {
    'new member is refused': ({ context }) => !noProblems(staffAccountProblems(context.form, true)),
    'change is refused': ({ event }) => {
      assertEvent(event, 'member.change');
      return !noProblems(staffAccountProblems(event.change, false));
    },
    'is a member': ({ context, event }) => {
      assertEvent(event, 'member.change');
      return context.members.some((member) => member.id === event.staffId);
    },
  },
  actions: {
    'store team': assign((_, params: { members: TeamMember[] }) => ({ members: params.members, listFailure: null })),
    'store list failure': assign((_, params: { error: unknown }) => ({ listFailure: asFailure(params.error) })),
    'edit form': assign(({ context, event }) => {
      assertEvent(event, 'add.edit');
      return { form: { ...context.form, [event.field]: event.value }, addProblems: {}, refusal: null };
    }),
    'refuse new member': assign(({ context }) => ({ addProblems: staffAccountProblems(context.form, true), note: null })),
    'refuse change': assign(({ event }) => {
      assertEvent(event, 'member.change');
      return { changeProblems: { staffId: event.staffId, problems: staffAccountProblems(event.change, false) }, note: null };
    }),
    'start saving': assign({ refusal: null, note: null, addProblems: {}, changeProblems: null }),
    'start change': assign(({ event }) => {
      assertEvent(event, 'member.change');
      return { changing: event.staffId, refusal: null, note: null, changeProblems: null };
    }),
    'store added': assign(({ context }, params: { member: TeamMember }) => ({
      members: [...context.members.filter((member) => member.id !== params.member.id), params.member],
      form: BLANK,
      note: { kind: 'added' as const, name: params.member.name },
    })),
    'store updated': assign(({ context }, params: { member: TeamMember }) => ({
      members: context.members.map((member) => (member.id === params.member.id ? params.member : member)),
      changing: null,
      note: { kind: 'updated' as const, name: params.member.name },
    })),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error), changing: null })),
  },
}).createMachine({
  id: 'team',
  context: { members: [], listFailure: null, form: BLANK, addProblems: {}, changeProblems: null, changing: null, refusal: null, note: null },
  initial: 'loading',
  // The add form is typed into whatever runs meanwhile (another member's change, its own add).
  on: { 'add.edit': { actions: 'edit form' } },
  states: {
    loading: {
      invoke: {
        src: 'load team',
        onDone: { target: 'shown', actions: { type: 'store team', params: ({ event }) => ({ members: event.output }) } },
        onError: { target: 'failed', actions: { type: 'store list failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'team.retry': 'loading' } },
    shown: {
      on: {
        'add.submit': [{ guard: 'new member is refused', actions: 'refuse new member' }, { target: 'adding', actions: 'start saving' }],
        'member.change': [
          { guard: 'change is refused', actions: 'refuse change' },
          { guard: 'is a member', target: 'changing', actions: 'start change' },
        ],
      },
    },
    adding: {
      invoke: {
        src: 'add member',
        input: ({ context }) => trimmed(context.form),
        onDone: { target: 'shown', actions: { type: 'store added', params: ({ event }) => ({ member: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    changing: {
      invoke: {
        src: 'update member',
        input: ({ event }) => {
          assertEvent(event, 'member.change');
          return { staff_id: event.staffId, ...trimmedChange(event.change) };
        },
        onDone: { target: 'shown', actions: { type: 'store updated', params: ({ event }) => ({ member: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type TeamSnapshot = SnapshotFrom<typeof teamMachine>;
type Viewed = Pick<TeamSnapshot, 'matches'>;
export const isSavingTeam = (snapshot: Viewed): boolean => snapshot.matches('adding') || snapshot.matches('changing');
