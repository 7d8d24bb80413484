import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useSnackbar } from '@/ui/toasts';
import { useEffect, useState, type FormEvent } from 'react';
import { validateContact, type ContactInput, type ContactProblem } from '@contract/contact';
import { TEXT_MAX } from '@contract/rules/limits';
import { useSubmit } from '@/ui/use-resource';
import { PageFrame } from '@/ui/page-frame';

const empty: ContactInput = { name: '', phone: '', email: '', message: '' };
const maxLength: Record<keyof ContactInput, number> = { name: TEXT_MAX.personName, phone: TEXT_MAX.phone, email: TEXT_MAX.email, message: TEXT_MAX.contactMessage };

/** /contact: contact_us with the spec's validation (name, phone and email required). */
export default function ContactPage() {
  const { t } = useLingui();
  const { enqueueSnackbar } = useSnackbar();
  const [form, setForm] = useState(empty);
  const [problems, setProblems] = useState<Partial<Record<keyof ContactInput, ContactProblem>>>({});
  const { sending, sent, failure, submit: send } = useSubmit('contact_us', 'contact');

  const describe = (field: keyof ContactInput): string | undefined => {
    const problem = problems[field];
    if (!problem) return undefined;
    if (problem === 'required') return t`Please fill in your name, email and phone`;
    return field === 'email' ? t`The email address is not valid` : t`The phone number is not valid`;
  };

  useEffect(() => {
    if (!sent) return;
    enqueueSnackbar(t`Your message was sent. Thank you!`, { variant: 'success' });
    setForm(empty);
  }, [sent, enqueueSnackbar, t]);
  useEffect(() => {
    if (failure) enqueueSnackbar(failure.message || t`An error occurred`, { variant: 'error' });
  }, [failure, enqueueSnackbar, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(form);
    setProblems(found);
    if (Object.keys(found).length === 0) send(form);
  };

  const field = (name: keyof ContactInput, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={(event) => setForm({ ...form, [name]: event.target.value })}
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
