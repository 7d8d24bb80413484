import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { auditFailure, isLoadingAudit, isLoadingMoreAudit } from '@machines/console/audit-log-machine';
import { formatMessageTime } from '@/ui/chat-message';
import { useScreenFlow } from '@/ui/actor-system';
import { failureText, useConsoleLanguage, useShopCurrency } from '../counter/counter-format';
import { counterFlows } from '../live';
import { OwnerGate } from '../counter/owner-gate';
import { auditText } from './audit-words';

const EVERYONE = 'all';

/** The owner's audit log: what staff did to money, orders, access and the team, newest first, by staff member. */
function Audit() {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const currency = useShopCurrency();
  const actor = useScreenFlow(counterFlows.auditLog(), undefined, 'audit');
  const entries = useSelector(actor, (snapshot) => snapshot?.context.entries ?? []);
  const members = useSelector(actor, (snapshot) => snapshot?.context.members ?? []);
  const staffId = useSelector(actor, (snapshot) => snapshot?.context.staffId ?? null);
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingAudit(snapshot) : true));
  const loadingMore = useSelector(actor, (snapshot) => (snapshot ? isLoadingMoreAudit(snapshot) : false));
  const failure = useSelector(actor, (snapshot) => (snapshot ? auditFailure(snapshot) : null));
  const canMore = useSelector(actor, (snapshot) => snapshot?.can({ type: 'audit.more' }) ?? false);
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box sx={{ p: 2, maxWidth: 760 }} data-testid="audit-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Audit log</Trans>
      </Typography>
      <TextField
        select
        size="small"
        label={t`Staff member`}
        value={staffId === null ? EVERYONE : String(staffId)}
        onChange={(event) => actor.send({ type: 'audit.filter', staffId: event.target.value === EVERYONE ? null : Number(event.target.value) })}
        sx={{ minWidth: 220, mb: 2 }}
      >
        <MenuItem value={EVERYONE}>{t`Everyone`}</MenuItem>
        {members.map((member) => (
          <MenuItem key={member.id} value={String(member.id)}>
            {member.name}
          </MenuItem>
        ))}
      </TextField>
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failure ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'audit.retry' })}>{t`Try again`}</Button>}>
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      {!loading && !failure && entries.length === 0 ? (
        <Typography color="text.secondary">
          <Trans>Nothing yet.</Trans>
        </Typography>
      ) : null}
      <List data-testid="audit-entries">
        {entries.map((entry) => (
          <ListItem key={entry.id} divider>
            <ListItemText
              primary={auditText(entry, i18n, currency, language, members)}
              secondary={
                <>
                  {entry.staff_name} · <time dateTime={entry.at}>{formatMessageTime(entry.at, language)}</time>
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      {canMore || loadingMore ? (
        <Button onClick={() => actor.send({ type: 'audit.more' })} disabled={loadingMore} sx={{ mt: 1 }}>
          <Trans>More</Trans>
        </Button>
      ) : null}
    </Box>
  );
}

/** The owner's only (OwnerGate). */
export default function AuditScreen() {
  return (
    <OwnerGate>
      <Audit />
    </OwnerGate>
  );
}
