import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLanguage } from '@/ui/actor-system';
import { useHeadingFocusOnMount } from '@/ui/heading-focus';
import { formatNumber } from '@/ui/format';

const STEPS = ['delivery', 'address', 'payment'] as const;

/** A checkout step's frame: the stepper, the title, the machine's problem (announced) and an optional Back. */
export function StepFrame({ step, title, problem, onBack, children }: { step: (typeof STEPS)[number]; title: ReactNode; problem: string | null; onBack?: () => void; children: ReactNode }) {
  const language = useLanguage();
  // The step numbers in the language's digits (MUI would draw 1, 2, 3).
  const number = (index: number) => formatNumber(index + 1, language);
  // A step shown at the same path as the one before (the cart becomes the delivery step at /cart) takes the focus too.
  useHeadingFocusOnMount();
  return (
    <Box component="section" aria-labelledby="step-title" sx={{ maxWidth: 800, mx: 'auto', px: 2, py: 3, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={`checkout-${step}`}>
      <Stepper activeStep={STEPS.indexOf(step)} alternativeLabel>
        <Step>
          <StepLabel icon={number(0)}>
            <Trans>Delivery</Trans>
          </StepLabel>
        </Step>
        <Step>
          <StepLabel icon={number(1)}>
            <Trans>Address</Trans>
          </StepLabel>
        </Step>
        <Step>
          <StepLabel icon={number(2)}>
            <Trans>Payment</Trans>
          </StepLabel>
        </Step>
      </Stepper>
      <Typography id="step-title" component="h1" variant="h5" fontWeight={700}>
        {title}
      </Typography>
      {problem ? (
        <Alert id="checkout-problem" severity="error" role="alert" data-testid="checkout-problem">
          {problem}
        </Alert>
      ) : null}
      {children}
      {onBack ? (
        <Button onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
          <Trans>Back</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
