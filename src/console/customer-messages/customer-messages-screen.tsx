import { lazy, Suspense, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isOwner } from '@machines/console/console-machine';
import { useSystemActor } from '@/ui/actor-system';

const ContactMessagesView = lazy(() => import('./contact-messages-view'));
const SubmissionsView = lazy(() => import('./submissions-view'));
const PublicMessagesView = lazy(() => import('./public-messages-view'));

const loading = <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;

/** The tabs: contact messages for every staff member; forms, the survey and the public messages for the owner too. */
const TABS = [
  { path: 'contact', owner: false },
  { path: 'forms', owner: true },
  { path: 'survey', owner: true },
  { path: 'public', owner: true },
] as const;

/**
 * What customers send the shop besides orders and chats, and what it says to all of them: contact messages, form
 * submissions (a franchise application …), survey answers, and the public messages customers read in /messages.
 */
export default function CustomerMessagesScreen() {
  const { t } = useLingui();
  const owner = useSelector(useSystemActor('console'), isOwner);
  const { pathname } = useLocation();
  const labels: Record<(typeof TABS)[number]['path'], string> = { contact: t`Contact messages`, forms: t`Forms`, survey: t`Survey`, public: t`Public messages` };
  const tabs = TABS.filter((tab) => owner || !tab.owner);
  const current = tabs.find((tab) => pathname.split('/').includes(tab.path))?.path ?? false;
  const view = (element: ReactNode) => <Suspense fallback={loading}>{element}</Suspense>;
  return (
    <Box sx={{ p: 2, maxWidth: 860 }} data-testid="customer-messages-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Customer messages</Trans>
      </Typography>
      <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label={t`Customer messages`} sx={{ mb: 2 }}>
        {tabs.map((tab) => (
          <Tab key={tab.path} value={tab.path} label={labels[tab.path]} component={Link} to={`/messages/${tab.path}`} />
        ))}
      </Tabs>
      <Routes>
        {/* Absolute: a relative path under this splat route would nest (messages/contact/contact). */}
        <Route index element={<Navigate to="/messages/contact" replace />} />
        <Route path="contact" element={view(<ContactMessagesView />)} />
        {owner ? (
          <>
            <Route path="forms" element={view(<SubmissionsView key="form" kind="form" />)} />
            <Route path="survey" element={view(<SubmissionsView key="survey" kind="survey" />)} />
            <Route path="public" element={view(<PublicMessagesView />)} />
          </>
        ) : null}
        <Route path="*" element={<Navigate to="/messages/contact" replace />} />
      </Routes>
    </Box>
  );
}
