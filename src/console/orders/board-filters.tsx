import { lazy, Suspense, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DELIVERY_METHOD_VALUES, type DeliveryMethodValue } from '@contract/enums';
import { localized } from '@contract/localized';
import { PLACED_STATUSES, type PlacedStatus } from '@contract/rules/order-lifecycle';
import type { BoardFilters as Filters } from '@machines/console/orders-board-machine';
import { NativeField, NativeInput, NativeSelect } from '../native-field';
import { DELIVERY_NAMES, STATUS_NAMES } from './order-format';
import { useSystemActor, type Actors } from '@/ui/actor-system';

type BoardActor = Actors['ordersBoard'];

const BoardDates = lazy(() => import('./board-dates'));

const numberOrNull = <T extends number>(value: string): T | null => (value === '' ? null : (Number(value) as T));

/** The board's filters: each change is sent to the chart, which reads the board again (a search once typing pauses). */
export function BoardFilters({ actor }: { actor: BoardActor }) {
  const { i18n, t } = useLingui();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const filters = useSelector(actor, (snapshot) => snapshot.context.filters);
  const branches = useSelector(actor, (snapshot) => snapshot.context.branches);
  const filter = (changed: Partial<Filters>) => actor.send({ type: 'board.filter', filters: changed });
  // The date pickers (~105 KiB on the wire with MUI X) would almost double the first screen: they load when asked for.
  const [datesAsked, setDatesAsked] = useState(false);
  const datesShown = datesAsked || filters.from !== '' || filters.to !== '';
  const anySet = filters.status !== null || filters.delivery_method !== null || filters.paid !== null || filters.branch_id !== null || filters.from !== '' || filters.to !== '' || filters.search !== '';
  return (
    <Box component="form" role="search" aria-label={t`Filter orders`} onSubmit={(event) => event.preventDefault()} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, alignItems: 'end' }}>
      <NativeField label={t`Tracking code or phone`} grow={2}>
        <NativeInput type="search" value={filters.search} onChange={(search) => filter({ search })} testId="board-search" />
      </NativeField>
      <NativeField label={t`Status`}>
        <NativeSelect value={filters.status === null ? '' : String(filters.status)} onChange={(value) => filter({ status: numberOrNull<PlacedStatus>(value) })} testId="board-status">
          <option value="">{t`Open orders`}</option>
          {PLACED_STATUSES.map((status) => (
            <option key={status} value={status}>
              {i18n._(STATUS_NAMES[status])}
            </option>
          ))}
        </NativeSelect>
      </NativeField>
      <NativeField label={t`Delivery`}>
        <NativeSelect value={filters.delivery_method === null ? '' : String(filters.delivery_method)} onChange={(value) => filter({ delivery_method: numberOrNull<DeliveryMethodValue>(value) })}>
          <option value="">{t`Any`}</option>
          {DELIVERY_METHOD_VALUES.map((method) => (
            <option key={method} value={method}>
              {i18n._(DELIVERY_NAMES[method])}
            </option>
          ))}
        </NativeSelect>
      </NativeField>
      <NativeField label={t`Payment`}>
        <NativeSelect value={filters.paid === null ? '' : String(filters.paid)} onChange={(value) => filter({ paid: numberOrNull<0 | 1>(value) })}>
          <option value="">{t`Any`}</option>
          <option value="1">{t`Paid`}</option>
          <option value="0">{t`Not paid`}</option>
        </NativeSelect>
      </NativeField>
      {branches.length > 1 || filters.branch_id !== null ? (
        <NativeField label={t`Branch`}>
          <NativeSelect value={filters.branch_id === null ? '' : String(filters.branch_id)} onChange={(value) => filter({ branch_id: numberOrNull(value) })}>
            <option value="">{t`All branches`}</option>
            {branches.map((branch) => (
              <option key={branch.id} value={branch.id}>
                {localized(language, branch.name, branch.name_en)}
              </option>
            ))}
          </NativeSelect>
        </NativeField>
      ) : null}
      {datesShown ? (
        <Suspense fallback={null}>
          <BoardDates filters={filters} filter={filter} language={language} autoFocus={datesAsked} />
        </Suspense>
      ) : (
        <Button variant="outlined" onClick={() => setDatesAsked(true)} aria-expanded={false} data-testid="board-dates">
          <Trans>Filter by date</Trans>
        </Button>
      )}
      {anySet ? (
        <Button onClick={() => actor.send({ type: 'board.clearFilters' })}>
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
