import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { validateContact, type ContactInput } from '@contract/contact';
import { TEXT_MAX } from '@contract/rules/limits';
import { selectForm, selectProblems, selectSaving } from '@machines/resource-machine';
import { useScreenActor } from '@/ui/actor-system';
import { PageFrame } from '@/ui/page-frame';

const blank: Record<keyof ContactInput, string> = { name: '', phone: '', email: '', message: '' };
const maxLength: Record<keyof ContactInput, number> = { name: TEXT_MAX.personName, phone: TEXT_MAX.phone, email: TEXT_MAX.email, message: TEXT_MAX.contactMessage };
// The chart keeps the form and checks it with the server's rule; sent, it thanks and starts blank, refused, it says why.
const input = { save: 'contact_us', form: { ...blank }, check: (payload: Record<string, unknown>) => validateContact(payload as unknown as ContactInput), savedNotice: 'contact sent', tellRefusal: true } as const;

/** /contact: contact_us with the spec's validation (name, phone and email required). */
export default function ContactPage() {
  const { t } = useLingui();
  const actor = useScreenActor('resource', input, 'contact');
  const form = useSelector(actor, selectForm) ?? blank;
  const problems = useSelector(actor, selectProblems);
  const sending = useSelector(actor, selectSaving);

  const describe = (field: keyof ContactInput): string | undefined => {
    const problem = problems[field];
    if (!problem) return undefined;
    if (problem === 'required') return t`Please fill in your name, email and phone`;
    return field === 'email' ? t`The email address is not valid` : t`The phone number is not valid`;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor?.send({ type: 'resource.save', payload: form });
  };

  const field = (name: keyof ContactInput, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[name] ?? ''}
      onChange={(event) => actor?.send({ type: 'resource.edit', field: name, value: event.target.value })}
      error={problems[name] !== undefined}
      helperText={describe(name)}
      slotProps={{ htmlInput: { 'data-testid': `contact-${name}`, maxLength: maxLength[name] } }}
      {...extra}
    />
  );

  return (
    <PageFrame title={<Trans>Contact us</Trans>} testId="contact-page">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
        {field('name', t`Name`, { required: true, autoComplete: 'name' })}
        {field('phone', t`Phone`, { required: true, autoComplete: 'tel', inputMode: 'tel' })}
        {field('email', t`Email`, { required: true, autoComplete: 'email', type: 'email' })}
        {field('message', t`Message`, { multiline: true, minRows: 4 })}
        <Button type="submit" variant="contained" disabled={sending} data-testid="contact-send">
          <Trans>Send</Trans>
        </Button>
      </Box>
    </PageFrame>
  );
}
