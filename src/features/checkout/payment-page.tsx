import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { PaymentType } from '@contract/index';
import { closedNow as closedNowOf, holidayUntil, preorderDayBounds } from '@machines/checkout-machine';
import { closedUntilText } from '@contract/rules/shop-hours';
import { deliveryTimeParts, type DeliveryTiming } from '@contract/rules/delivery-time';
import { formatMoney } from '@contract/money';
import { useLanguage, useSystemActor, type CheckoutActor } from '@/ui/actor-system';
import { useSectionHeadingFocus } from '@/ui/heading-focus';
import { PickerField } from '@/ui/pickers/picker-field';
import { Price } from '@/ui/price';
import { BillTable } from './bill-table';
import { CheckoutScreenGate } from './checkout-gate';
import { NoCheckout } from './no-checkout';
import { checkoutProblem, timeProblemText } from './checkout-messages';
import { ConfirmDialog } from './confirm-dialog';
import { StepFrame } from './step-frame';

const paymentNames = {
  cash: msg`Cash on delivery`,
  card_reader: msg`Card reader on delivery`,
  online: msg`Online payment`,
  money_transfer: msg`Money transfer`,
  wallet: msg`Wallet`,
} as const;

/** /cart/payment: discount code, wallet, payment type and time, then placing (and the way to the bank). */
export default function PaymentPage() {
  const actor = useSystemActor('checkout');
  if (!actor) return <NoCheckout resumeAt="payment" />;
  return (
    <CheckoutScreenGate actor={actor} screen={['payment', 'gateway']}>
      <PaymentSteps actor={actor} />
    </CheckoutScreenGate>
  );
}

function PaymentSteps({ actor }: { actor: CheckoutActor }) {
  const resuming = useSelector(actor, (s) => s.matches('resuming'));
  // A reload restores the step from the server first.
  if (resuming) return <Resuming />;
  return <PaymentChoices actor={actor} />;
}

function Resuming() {
  const { t } = useLingui();
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={t`Loading`} />
    </Box>
  );
}

function PaymentChoices({ actor }: { actor: CheckoutActor }) {
  const app = useSystemActor('app');
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const currency = useSelector(app, (s) => s.context.shop?.currency ?? 'IRT');
  const hideTime = useSelector(app, (s) => s.context.shop?.data.delivery_time_hide_flag === 1);
  const bill = useSelector(actor, (s) => s.context.bill);
  const balance = useSelector(actor, (s) => s.context.balance);
  const paymentTypes = useSelector(actor, (s) => s.context.paymentTypes);
  const payment = useSelector(actor, (s) => s.context.payment);
  const walletInUse = useSelector(actor, (s) => s.context.walletInUse);
  const giftBalance = useSelector(actor, (s) => s.context.giftBalance);
  const problem = useSelector(actor, (s) => checkoutProblem(i18n, s.context));
  const inDiscount = useSelector(actor, (s) => s.matches('discount') || s.matches('applyingDiscount'));
  const applyingDiscount = useSelector(actor, (s) => s.matches('applyingDiscount'));
  const inWallet = useSelector(actor, (s) => s.matches('wallet') || s.matches('usingWallet') || s.matches('releasingWallet'));
  const inPayment = useSelector(actor, (s) => s.matches('payment') || s.matches('placing') || s.matches('placeFailed'));
  const choosingPayment = useSelector(actor, (s) => s.can({ type: 'payment.select', payment: s.context.payment ?? 'cash' }));
  const placing = useSelector(actor, (s) => s.matches('placing'));
  const placeFailed = useSelector(actor, (s) => s.matches('placeFailed'));
  const paying = useSelector(actor, (s) => s.matches('paying'));
  // What the chart's guards allow (shop hours, wallet balance, a chosen payment): asked, never recomputed here.
  const canBack = useSelector(actor, (s) => s.can({ type: 'checkout.back' }));
  const canSkipDiscount = useSelector(actor, (s) => s.can({ type: 'discount.skip' }));
  const canSkipWallet = useSelector(actor, (s) => s.can({ type: 'wallet.skip' }));
  const canUseWallet = useSelector(actor, (s) => s.can({ type: 'wallet.use' }));
  const canUseGift = useSelector(actor, (s) => s.can({ type: 'gift.use' }));
  const canReleaseGift = useSelector(actor, (s) => s.can({ type: 'gift.release' }));
  const canPlace = useSelector(actor, (s) => s.can({ type: 'checkout.place' }));
  const canRemoveCode = useSelector(actor, (s) => s.can({ type: 'discount.remove' }));
  const walletShort = useSelector(actor, (s) => s.context.refusal === 'wallet_insufficient');
  const canUseWalletStep = useSelector(actor, (s) => s.can({ type: 'checkout.back' }) && s.context.balance > 0 && !s.context.walletInUse);
  const closedNow = useSelector(actor, (s) => closedNowOf(s));
  const holiday = useSelector(actor, (s) => holidayUntil(s));
  const [code, setCode] = useState('');
  const chosen = useSelector(actor, (s) => s.context.time);
  const timeProblem = useSelector(actor, (s) => timeProblemText(i18n, s.context.timeProblem, s.context.shop.shift_data.preorder_days, language));
  const days = useSelector(actor, (s) => preorderDayBounds(s), (a, b) => a.first === b.first && a.last === b.last);
  // The field starts from the chart's time, so coming back to the step shows the time as it was chosen.
  const [timing, setTiming] = useState<DeliveryTiming>(() => deliveryTimeParts(chosen).timing);
  const [clock, setClock] = useState(() => deliveryTimeParts(chosen).clock);
  const [day, setDay] = useState(() => deliveryTimeParts(chosen).day);
  const [asking, setAsking] = useState<'wallet' | 'gift' | 'place' | null>(null);
  const payable = bill ? formatMoney(bill.payable, currency, language) : '';
  // The part being answered (code, wallet, payment) takes the focus at its heading as the chart moves on.
  const section = inDiscount ? 'discount' : inWallet ? 'wallet' : inPayment ? 'pay' : null;
  useSectionHeadingFocus(section, section ? `${section}-title` : null);

  // Taken while the payment is chosen; placing, or after a failed placing, it is changed by «Change the order» first.
  const canChooseTime = useSelector(actor, (s) => s.can({ type: 'time.select', timing, clock, day }));

  // Every choice goes to the chart as typed: it makes the time of the parts and says what is missing.
  // The field changes only with the chart, so «Try again» never places a time other than the one shown.
  const chooseTime = (next: DeliveryTiming, hhmm = clock, date = day) => {
    if (!canChooseTime) return;
    setTiming(next);
    setClock(hhmm);
    setDay(date);
    actor.send({ type: 'time.select', timing: next, clock: hhmm, day: date });
  };

  return (
    <StepFrame step="payment" title={<Trans>Payment</Trans>} problem={problem} onBack={canBack ? () => actor.send({ type: 'checkout.back' }) : undefined}>
      {bill ? <BillTable bill={bill} /> : null}

      <Box component="section" aria-labelledby="discount-title">
        <Typography id="discount-title" component="h2" variant="h6">
          <Trans>Discount code</Trans>
        </Typography>
        {inDiscount ? (
          <Box
            component="form"
            noValidate
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'discount.apply', code });
            }}
          >
            <TextField id="discount-code" label={t`Discount code`} value={code} onChange={(event) => setCode(event.target.value)} size="small" slotProps={{ htmlInput: { dir: 'ltr', 'aria-describedby': problem ? 'checkout-problem' : undefined } }} />
            <Button type="submit" variant="contained" disabled={applyingDiscount} data-testid="discount-apply">
              <Trans>Apply</Trans>
            </Button>
            <Button onClick={() => actor.send({ type: 'discount.skip' })} disabled={!canSkipDiscount} data-testid="discount-skip">
              <Trans>Continue without a code</Trans>
            </Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary" data-testid="discount-summary">
              {bill?.discount_code ? <Trans>Code {bill.discount_code} applied.</Trans> : <Trans>No discount code.</Trans>}
            </Typography>
            {canRemoveCode ? (
              <Button size="small" onClick={() => actor.send({ type: 'discount.remove' })} data-testid="discount-remove">
                <Trans>Remove the code</Trans>
              </Button>
            ) : null}
          </Box>
        )}
      </Box>

      {!inDiscount ? (
        <Box component="section" aria-labelledby="wallet-title">
          <Typography id="wallet-title" component="h2" variant="h6">
            <Trans>Wallet</Trans>
          </Typography>
          <Typography data-testid="wallet-balance">
            <Trans>Balance:</Trans> <Price rial={balance} />
          </Typography>
          {giftBalance > 0 ? (
            <Box data-testid="gift-bag" sx={{ mt: 1 }}>
              <Typography data-testid="gift-balance">
                <Trans>Discount bag:</Trans> <Price rial={giftBalance} />
              </Typography>
              {inWallet ? (
                canReleaseGift ? (
                  <Button onClick={() => actor.send({ type: 'gift.release' })} data-testid="gift-release">
                    <Trans>Don't use the discount bag</Trans>
                  </Button>
                ) : (
                  <Button variant="outlined" disabled={!canUseGift} onClick={() => setAsking('gift')} data-testid="gift-use">
                    <Trans>Use my discount bag</Trans>
                  </Button>
                )
              ) : null}
            </Box>
          ) : null}
          {inWallet ? (
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button variant="contained" disabled={!canUseWallet} onClick={() => setAsking('wallet')} data-testid="wallet-use">
                <Trans>Pay from my wallet</Trans>
              </Button>
              <Button disabled={!canSkipWallet} onClick={() => actor.send({ type: 'wallet.skip' })} data-testid="wallet-skip">
                <Trans>Don't use the wallet</Trans>
              </Button>
            </Box>
          ) : (
            <Typography color="text.secondary" data-testid="wallet-summary">
              {walletInUse ? <Trans>Paid partly or fully from your wallet.</Trans> : <Trans>The wallet is not used.</Trans>}
            </Typography>
          )}
        </Box>
      ) : null}

      {inPayment ? (
        <Box component="section" aria-labelledby="pay-title" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography id="pay-title" component="h2" variant="h6">
            <Trans>How will you pay?</Trans>
          </Typography>
          <RadioGroup
            aria-labelledby="pay-title"
            aria-describedby={walletShort ? 'wallet-short' : undefined}
            value={payment ?? ''}
            onChange={(event) => actor.send({ type: 'payment.select', payment: event.target.value as PaymentType })}
          >
            {paymentTypes.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio />} label={i18n._(paymentNames[type])} disabled={!choosingPayment} />
            ))}
          </RadioGroup>
          {walletShort && bill ? (
            <Alert id="wallet-short" severity="warning" role="alert" data-testid="wallet-short">
              <Trans>
                Your wallet balance ({formatMoney(balance, currency, language)}) does not cover the {formatMoney(bill.total - bill.gift, currency, language)} of this
                order. Choose another way to pay, or use the wallet for part of it and pay the rest another way.
              </Trans>
              {canUseWalletStep ? (
                <Button size="small" onClick={() => actor.send({ type: 'checkout.back' })} data-testid="wallet-short-back" sx={{ display: 'block', mt: 1 }}>
                  <Trans>Use the wallet for part of it</Trans>
                </Button>
              ) : null}
            </Alert>
          ) : null}
          {closedNow ? (
            <Alert severity="warning" data-testid="store-closed">
              {holiday ? (
                <Trans>The shop is closed until {closedUntilText(holiday, language)}; you can order after that.</Trans>
              ) : (
                <Trans>The online store is temporarily closed</Trans>
              )}
            </Alert>
          ) : null}
          {hideTime ? null : (
            <Box role="group" aria-labelledby="time-title">
              <Typography id="time-title" component="h3" fontWeight={700}>
                <Trans>When?</Trans>
              </Typography>
              <RadioGroup row value={timing} onChange={(event) => chooseTime(event.target.value as DeliveryTiming)}>
                <FormControlLabel value="now" control={<Radio />} label={t`Now`} disabled={!canChooseTime} />
                <FormControlLabel value="later" control={<Radio />} label={t`Later today`} disabled={!canChooseTime} />
                <FormControlLabel value="preorder" control={<Radio />} label={t`Pre-order`} disabled={!canChooseTime} />
              </RadioGroup>
              {timing !== 'now' ? (
                <Box sx={{ display: 'flex', gap: 1 }}>
                  {timing === 'preorder' ? (
                    <PickerField
                      kind="date"
                      language={language}
                      id="preorder-date"
                      testId="preorder-date"
                      label={t`Date`}
                      value={day}
                      min={days.first}
                      max={days.last}
                      error={Boolean(timeProblem)}
                      describedBy={timeProblem ? 'time-problem' : undefined}
                      disabled={!canChooseTime}
                      onChange={(next) => chooseTime('preorder', clock, next)}
                    />
                  ) : null}
                  <PickerField
                    kind="time"
                    language={language}
                    id="preorder-time"
                    testId="preorder-time"
                    label={t`Time`}
                    value={clock}
                    error={Boolean(timeProblem)}
                    describedBy={timeProblem ? 'time-problem' : undefined}
                    disabled={!canChooseTime}
                    onChange={(next) => chooseTime(timing, next, day)}
                  />
                </Box>
              ) : null}
              {timeProblem ? (
                <FormHelperText error id="time-problem" role="alert" data-testid="time-problem">
                  {timeProblem}
                </FormHelperText>
              ) : null}
            </Box>
          )}
          {placeFailed ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="contained" onClick={() => actor.send({ type: 'checkout.retry' })} data-testid="place-retry">
                <Trans>Try again</Trans>
              </Button>
              <Button onClick={() => actor.send({ type: 'checkout.edit' })} data-testid="place-edit">
                <Trans>Change the order</Trans>
              </Button>
            </Box>
          ) : (
            <Button variant="contained" size="large" disabled={!canPlace} onClick={() => setAsking('place')} data-testid="place-order">
              {placing ? <CircularProgress size={24} aria-label={t`Placing the order`} /> : <Trans>Place the order</Trans>}
            </Button>
          )}
        </Box>
      ) : null}

      {paying ? (
        <Alert severity="info" icon={<CircularProgress size={20} />} data-testid="to-gateway">
          <Trans>Taking you to the bank's payment page…</Trans>
        </Alert>
      ) : null}

      <ConfirmDialog
        open={asking === 'wallet'}
        title={<Trans>Pay from your wallet?</Trans>}
        text={<Trans>Up to the whole amount is taken from your wallet when the order is placed.</Trans>}
        confirm={<Trans>Use the wallet</Trans>}
        onConfirm={() => actor.send({ type: 'wallet.use' })}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'gift'}
        title={<Trans>Use your discount bag?</Trans>}
        text={<Trans>Up to the whole amount is taken from your discount bag, before your wallet, when the order is placed.</Trans>}
        confirm={<Trans>Use the discount bag</Trans>}
        onConfirm={() => actor.send({ type: 'gift.use' })}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'place'}
        title={payment === 'online' ? <Trans>Pay online?</Trans> : <Trans>Place the order?</Trans>}
        text={payment === 'online' ? <Trans>You will be taken to the bank's page to pay {payable}.</Trans> : <Trans>Your order will be placed; amount to pay: {payable}.</Trans>}
        confirm={payment === 'online' ? <Trans>Go to the bank</Trans> : <Trans>Place the order</Trans>}
        onConfirm={() => actor.send({ type: 'checkout.place' })}
        onClose={() => setAsking(null)}
      />
    </StepFrame>
  );
}
