import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link as RouterLink } from 'react-router-dom';
import type { ItemDetail } from '@contract/entities/catalog';
import { measureOf, pricedPer, unitLabel } from '@contract/units';
import type { ApiFailure } from '@machines/api-failure';
import { offersCart, unitPrice, type itemOptionsMachine } from '@machines/item-options-machine';
import { useLanguage, useScreenActor, useSystemActor } from '@/ui/actor-system';
import { localized } from '@/ui/format';
import { useFirstScreenHeld } from '@/ui/first-screen';
import { categoryPath } from '@/ui/item-path';
import { FinishedBadge } from '@/ui/finished-badge';
import { Price } from '@/ui/price';
import { ChoiceGroup } from './choice-group';
import { FavoriteButton } from './favorite-button';
import { ItemGallery } from './item-gallery';
import { ItemLabels } from './item-labels';
import { OptionSteps } from './option-steps';

/** The item page once loaded: pictures, texts, price and the option statechart's choices (a child of the app's system). */
export function ItemView({ detail }: { detail: ItemDetail }) {
  const cart = useSystemActor('cart');
  // The key has the menu-only switch: the item read again after the owner's change starts the page's chart afresh.
  const actor = useScreenActor('itemOptions', { item: detail.item, options: detail.options, cart, menuOnly: detail.menu_only }, `${detail.item.item_id}:${detail.menu_only}`);
  useFirstScreenHeld(!actor);
  return actor ? <ItemOptionsView detail={detail} actor={actor} /> : null;
}

type ItemOptionsActor = ActorRefFrom<typeof itemOptionsMachine>;

/** What the server's refusal of the line says, or the page's own words for a reason it gave without a message. */
function RefusalText({ refusal }: { refusal: ApiFailure }) {
  if (refusal.message) return <>{refusal.message}</>;
  if (refusal.result === 'cart_busy') return <Trans>The cart is being updated. Please try again in a moment.</Trans>;
  return <Trans>This item could not be added to your cart.</Trans>;
}

const choiceKinds = ['feature', 'color', 'size'] as const;
/** What the add button asks for: only the choices still missing (a pizza needs a size, not a colour). */
const choiceRequests = {
  feature: msg`Please choose a feature.`,
  color: msg`Please choose a color.`,
  size: msg`Please choose a size.`,
} as const;

function ItemOptionsView({ detail, actor }: { detail: ItemDetail; actor: ItemOptionsActor }) {
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const steps = useSelector(actor, (snapshot) => snapshot.context.steps);
  const options = useSelector(actor, (snapshot) => snapshot.context.options);
  const counts = useSelector(actor, (snapshot) => snapshot.context.counts);
  const feature = useSelector(actor, (snapshot) => snapshot.context.feature);
  const color = useSelector(actor, (snapshot) => snapshot.context.color);
  const size = useSelector(actor, (snapshot) => snapshot.context.size);
  const missing = useSelector(actor, (snapshot) => snapshot.context.missing);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const price = useSelector(actor, (snapshot) => unitPrice(snapshot.context));
  const adding = useSelector(actor, (snapshot) => snapshot.matches('adding'));
  const added = useSelector(actor, (snapshot) => snapshot.matches('added'));
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'selection.submit' }));
  const cartOffered = useSelector(actor, offersCart);
  const send = actor.send;
  // Option bounds are the chart's guards: each option's up and down, asked with snapshot.can.
  const allowed = useSelector(
    actor,
    (snapshot) => snapshot.context.options.flatMap((option) => [snapshot.can({ type: 'option.increment', optionId: option.id }), snapshot.can({ type: 'option.decrement', optionId: option.id })]),
    shallowEqual,
  );
  const allowedFor = (optionId: number, offset: 0 | 1) => allowed[options.findIndex((option) => option.id === optionId) * 2 + offset] === true;
  // So are the features, colors and sizes (none is taken while the line is being added).
  const choosable = useSelector(
    actor,
    (snapshot) => {
      const { features, colors, sizes } = detail.item.data;
      return [
        ...features.filter((choice) => snapshot.can({ type: 'feature.select', name: choice.name })).map((choice) => `feature:${choice.name}`),
        ...colors.filter((choice) => snapshot.can({ type: 'color.select', name: choice.name })).map((choice) => `color:${choice.name}`),
        ...sizes.filter((choice) => snapshot.can({ type: 'size.select', name: choice.name })).map((choice) => `size:${choice.name}`),
      ];
    },
    shallowEqual,
  );
  const takes = (kind: 'feature' | 'color' | 'size') => (name: string) => choosable.includes(`${kind}:${name}`);
  const { item } = detail;
  const name = localized(language, item.name, item.name_en);
  const description = localized(language, item.description, item.description_en);
  const missingKinds = new Set(missing.map((part) => part.kind));
  const shortSteps = new Set(missing.flatMap((part) => (part.kind === 'step' ? [part.stepId] : [])));
  const missingChoices = choiceKinds.filter((kind) => missingKinds.has(kind));
  const missingChoice = missingChoices.length > 0;
  const measure = measureOf(item);
  // What one count is: 'کیلوگرم', '۱۰۰ گرم' (the item's unit and step).
  const per = pricedPer(measure, language) ?? unitLabel(item.unit, language);

  return (
    <Box component="article" data-testid="item-page" data-item-id={item.item_id} sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 2, md: 3 }, py: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Breadcrumbs aria-label={t`Breadcrumb`} data-testid="breadcrumbs">
          <Link component={RouterLink} to="/" underline="hover" color="inherit">
            <Trans>Home</Trans>
          </Link>
          {detail.breadcrumb.map((link) =>
            link.type === 2 ? (
              <Link key={link.item_id} component={RouterLink} to={categoryPath(link, language)} underline="hover" color="inherit">
                {localized(language, link.name, link.name_en)}
              </Link>
            ) : (
              <Typography key={link.item_id} color="text.primary" aria-current="page">
                {localized(language, link.name, link.name_en)}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      </Box>
      <ItemGallery pictures={item.multipictures} name={name} background={item.bg_color} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography component="h1" variant="h5" fontWeight={700} sx={{ flexGrow: 1 }}>
            {name}
          </Typography>
          <FavoriteButton itemId={item.item_id} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Price rial={price} unit={item.data.sizes.length === 0 ? item.unit : undefined} step={measure.step} variant="h6" color="primary.main" fontWeight={700} data-testid="item-price" />
          <Typography variant="body2" color="text.secondary" data-testid="item-unit" data-unit={item.unit}>
            <Trans>Unit: {per}</Trans>
          </Typography>
          {item.finished ? <FinishedBadge size="medium" /> : null}
        </Box>
        {description ? <Typography color="text.secondary">{description}</Typography> : null}
        <ItemLabels data={item.data} />
        <ChoiceGroup testId="features" label={<Trans>Features</Trans>} choices={item.data.features} value={feature} missing={missingKinds.has('feature')} takes={takes('feature')} onChange={(value) => send({ type: 'feature.select', name: value })} />
        <ChoiceGroup testId="colors" label={<Trans>Colors</Trans>} choices={item.data.colors} value={color} missing={missingKinds.has('color')} takes={takes('color')} onChange={(value) => send({ type: 'color.select', name: value })} />
        <ChoiceGroup
          testId="sizes"
          label={<Trans>Sizes</Trans>}
          choices={item.data.sizes.map((size) => ({ ...size, extra: <Price rial={size.price} variant="caption" /> }))}
          value={size}
          missing={missingKinds.has('size')}
          takes={takes('size')}
          onChange={(value) => send({ type: 'size.select', name: value })}
        />
        <OptionSteps
          context={{ steps, options, counts }}
          canUp={(optionId) => allowedFor(optionId, 0)}
          canDown={(optionId) => allowedFor(optionId, 1)}
          onUp={(optionId) => send({ type: 'option.increment', optionId })}
          onDown={(optionId) => send({ type: 'option.decrement', optionId })}
          shortSteps={shortSteps}
        />
        {missingChoice ? (
          <Alert severity="warning" data-testid="missing-choice">
            {missingChoices.map((kind) => i18n._(choiceRequests[kind])).join(' ')}
          </Alert>
        ) : null}
        {shortSteps.size > 0 && !missingChoice ? (
          <Alert severity="warning" data-testid="missing-options">
            <Trans>Please choose the minimum number of options</Trans>
          </Alert>
        ) : null}
        {refusal ? (
          <Alert severity="error" data-testid="add-refused" role="alert">
            <RefusalText refusal={refusal} />
          </Alert>
        ) : null}
        {added ? (
          <Alert severity="info" data-testid="selection-ready">
            <Trans>Added to your cart.</Trans>{' '}
            <Link component={RouterLink} to="/basket" data-testid="view-cart">
              <Trans>View cart</Trans>
            </Link>
          </Alert>
        ) : null}
        {cartOffered ? (
          <Button variant="contained" size="large" onClick={() => send({ type: 'selection.submit' })} disabled={!canSubmit} data-testid="add-to-cart">
            {item.finished ? <Trans>Finished for today</Trans> : adding ? <Trans>Adding…</Trans> : <Trans>Add to cart</Trans>}
          </Button>
        ) : (
          <Typography color="text.secondary" data-testid="menu-only">
            <Trans>This is the shop's menu; orders are not taken online.</Trans>
          </Typography>
        )}
      </Box>
    </Box>
  );
}
