import { useState, type FormEvent } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { DataOf } from '@contract/api';
import { accessRequestProblems, accessRequestStage, type AccessRequestInput } from '@contract/rules/access-request';
import { selectAccessRequest } from '@machines/app-machine';
import { selectProblems, selectResource } from '@machines/resource-machine';
import { useScreenActor, useSystemActor } from '@/ui/actor-system';
import { DeniedReason } from '@/ui/denied-reason';

// The chart checks the request with the server's own rule before sending it.
const check = (payload: Record<string, unknown>) => accessRequestProblems(payload as Partial<AccessRequestInput>);

function AccessRequestForm() {
  const { t } = useLingui();
  const [company, setCompany] = useState('');
  const [message, setMessage] = useState('');
  // Asking again after a refusal is a new request: a new chart, its form blank.
  const [attempt, setAttempt] = useState(0);
  const actor = useScreenActor('resource', { save: 'request_access', check }, `access:${attempt}`);
  const { status, data, failure } = useSelector(actor, selectResource<DataOf<'request_access'> | null>, shallowEqual);
  const problems = useSelector(actor, selectProblems);
  // The account's latest request is read again when the shop decides (access_changed): the page changes by itself.
  const latest = useSelector(useSystemActor('app'), selectAccessRequest, shallowEqual);
  const stage = accessRequestStage(latest, data ?? null);
  const sending = status === 'saving';
  if (stage === 'received') {
    return (
      <Alert severity="success" role="status">
        <Trans>Your request was received. The answer will reach you by SMS.</Trans>
      </Alert>
    );
  }
  if (stage === 'approved') {
    return (
      <Alert severity="success" role="status" action={<Button component={RouterLink} to="/"><Trans>Go to the store</Trans></Button>}>
        <Trans>Your request was approved: trade prices and ordering are open to you.</Trans>
      </Alert>
    );
  }
  if (stage === 'rejected') {
    return (
      <Alert severity="warning" role="status" action={<Button onClick={() => setAttempt((n) => n + 1)}><Trans>Ask again</Trans></Button>}>
        <DeniedReason reason={latest?.reason ?? ''} />
      </Alert>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor?.send({ type: 'resource.save', payload: { company, message } });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      {failure && !problems.company ? <Alert severity="error" role="alert">{failure.message}</Alert> : null}
      <TextField
        id="access-company"
        label={t`Store or company name`}
        required
        value={company}
        onChange={(event) => setCompany(event.target.value)}
        autoComplete="organization"
        error={problems.company !== undefined}
        // The server's refusal when it named this field; else the chart's own check.
        helperText={problems.company === undefined ? undefined : (failure?.message ?? t`Please enter your store or company name.`)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField id="access-message" label={t`Message`} value={message} onChange={(event) => setMessage(event.target.value)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 1000 } }} />
      <Button type="submit" variant="contained" disabled={sending}>
        <Trans>Send request</Trans>
      </Button>
    </Box>
  );
}

/** /access-request: ask a wholesale (access-request) shop for access. */
export default function AccessRequestPage() {
  const user = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user);
  const location = useLocation();
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Typography component="h1" variant="h5" fontWeight={700} gutterBottom>
        <Trans>Request access</Trans>
      </Typography>
      <Typography sx={{ mb: 3 }}>
        <Trans>
          Signed in, you can see trade prices and order; tell the store about your business and it decides on your account. The answer arrives
          by SMS; only a declined request closes the store to you.
        </Trans>
      </Typography>
      {user ? (
        <AccessRequestForm />
      ) : (
        <Button variant="contained" component={RouterLink} to="/authentication/login" state={{ from: location.pathname }}>
          <Trans>Log in first</Trans>
        </Button>
      )}
    </Container>
  );
}
