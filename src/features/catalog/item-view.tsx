import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ItemDetail } from '@contract/entities/catalog';
import { measureOf, pricedPer, unitLabel } from '@contract/units';
import { itemOptionsMachine, unitPrice } from '@machines/item-options-machine';
import { useLanguage } from '@/ui/app-actor';
import { useCartActor } from '@/ui/cart-actor';
import { localized } from '@/ui/format';
import { categoryPath } from '@/ui/item-path';
import { Price } from '@/ui/price';
import { ChoiceGroup } from './choice-group';
import { FavoriteButton } from './favorite-button';
import { ItemGallery } from './item-gallery';
import { OptionSteps } from './option-steps';

/** The item page once loaded: pictures, texts, price and the option statechart's choices. */
export function ItemView({ detail }: { detail: ItemDetail }) {
  const { t } = useLingui();
  const language = useLanguage();
  const cart = useCartActor();
  // The cart (issue 5) takes a complete selection: cart_controller prices it on the server.
  const [snapshot, send] = useMachine(
    itemOptionsMachine.provide({
      actions: {
        'deliver selection': ({ context }) => {
          const selection = context.selection;
          if (!selection) return;
          // A cart waiting at checkout takes changes again once dismissed.
          if (cart.getSnapshot().matches('ready')) cart.send({ type: 'cart.dismiss' });
          cart.send({
            type: 'cart.add',
            line: {
              item_id: selection.item_id,
              count: selection.count,
              ...(selection.feature_name ? { feature_name: selection.feature_name } : {}),
              ...(selection.size_name ? { size_name: selection.size_name } : {}),
              ...(selection.color_name ? { color_name: selection.color_name } : {}),
              newoptions: selection.newoptions,
            },
          });
        },
      },
    }),
    { input: { item: detail.item, options: detail.options } },
  );
  const { item } = detail;
  const context = snapshot.context;
  const name = localized(language, item.name, item.name_en);
  const description = localized(language, item.description, item.description_en);
  const missingKinds = new Set(context.missing.map((part) => part.kind));
  const shortSteps = new Set(context.missing.flatMap((part) => (part.kind === 'step' ? [part.stepId] : [])));
  const missingChoice = missingKinds.has('feature') || missingKinds.has('color') || missingKinds.has('size');
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
          <Price rial={unitPrice(context)} unit={item.data.sizes.length === 0 ? item.unit : undefined} step={measure.step} variant="h6" color="primary.main" fontWeight={700} data-testid="item-price" />
          <Typography variant="body2" color="text.secondary" data-testid="item-unit" data-unit={item.unit}>
            <Trans>Unit: {per}</Trans>
          </Typography>
        </Box>
        {description ? <Typography color="text.secondary">{description}</Typography> : null}
        <ChoiceGroup testId="features" label={<Trans>Features</Trans>} choices={item.data.features} value={context.feature} missing={missingKinds.has('feature')} onChange={(value) => send({ type: 'feature.select', name: value })} />
        <ChoiceGroup testId="colors" label={<Trans>Colors</Trans>} choices={item.data.colors} value={context.color} missing={missingKinds.has('color')} onChange={(value) => send({ type: 'color.select', name: value })} />
        <ChoiceGroup
          testId="sizes"
          label={<Trans>Sizes</Trans>}
          choices={item.data.sizes.map((size) => ({ ...size, extra: <Price rial={size.price} variant="caption" /> }))}
          value={context.size}
          missing={missingKinds.has('size')}
          onChange={(value) => send({ type: 'size.select', name: value })}
        />
        <OptionSteps
          context={context}
          canUp={(optionId) => snapshot.can({ type: 'option.increment', optionId })}
          canDown={(optionId) => snapshot.can({ type: 'option.decrement', optionId })}
          onUp={(optionId) => send({ type: 'option.increment', optionId })}
          onDown={(optionId) => send({ type: 'option.decrement', optionId })}
          shortSteps={shortSteps}
        />
        {missingChoice ? (
          <Alert severity="warning" data-testid="missing-choice">
            <Trans>Please select the desired feature, color and size</Trans>
          </Alert>
        ) : null}
        {shortSteps.size > 0 && !missingChoice ? (
          <Alert severity="warning" data-testid="missing-options">
            <Trans>Please choose the minimum number of options</Trans>
          </Alert>
        ) : null}
        {snapshot.matches('chosen') ? (
          <Alert severity="info" data-testid="selection-ready">
            <Trans>Added to your cart.</Trans>{' '}
            <Link component={RouterLink} to="/basket" data-testid="view-cart">
              <Trans>View cart</Trans>
            </Link>
          </Alert>
        ) : null}
        <Button variant="contained" size="large" onClick={() => send({ type: 'selection.submit' })} data-testid="add-to-cart">
          <Trans>Add to cart</Trans>
        </Button>
      </Box>
    </Box>
  );
}
