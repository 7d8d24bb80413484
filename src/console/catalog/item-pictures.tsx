import { Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { ActorRefFrom } from 'xstate';
import type { ConsoleCatalog, ConsoleItem } from '@contract/console/catalog-entities';
import type { catalogMachine } from '@machines/console/catalog-machine';
import { formatNumber } from '@contract/numbers';
import { UPLOAD_MIME_TYPES } from '@contract/rules/chat';
import { isBusy, shownPictures, uploadPercent } from '@machines/console/item-pictures-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { useConsoleLanguage } from '../counter/counter-format';
import { pictureFailureText } from './picture-words';
import { UploadButton } from './upload-button';
import { itemPicturesFlow } from './item-pictures-flow';

/**
 * The item editor's pictures (issue 32): each with its order (the first is the cover), moved or removed in one
 * tap, and an upload button (a label for the file input, so Tab and Space/Enter open the file picker). Each change
 * is saved at once; the catalog hears the saved item.
 */
export function ItemPictures({ actor, catalog, itemId }: { actor: ActorRefFrom<typeof catalogMachine>; catalog: ConsoleCatalog; itemId: number | null }) {
  // A new item has no pictures until it is saved once.
  const item = catalog.items.find((entry) => entry.id === itemId);
  // Its own boundary: while its chart loads only this part waits (a suspended editor would close the catalog's chart).
  return item ? (
    <Suspense fallback={null}>
      <PictureList catalog={actor} item={item} />
    </Suspense>
  ) : null;
}

function PictureList({ catalog, item }: { catalog: ActorRefFrom<typeof catalogMachine>; item: ConsoleItem }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const actor = useScreenFlow(itemPicturesFlow(), { itemId: item.id, pictures: item.pictures }, `item-pictures:${item.id}`);
  useEffect(() => {
    if (!actor) return;
    const subscription = actor.on('pictures.saved', (event) => catalog.send({ type: 'item.stored', item: event.item }));
    return () => subscription.unsubscribe();
  }, [actor, catalog]);
  const pictures = useSelector(actor, (snapshot) => (snapshot ? shownPictures(snapshot) : item.pictures));
  const busy = useSelector(actor, (snapshot) => (snapshot ? isBusy(snapshot) : true));
  const percent = useSelector(actor, (snapshot) => (snapshot ? uploadPercent(snapshot) : null));
  const refusal = useSelector(actor, (snapshot) => snapshot?.context.refusal ?? null);
  const canPick = useSelector(actor, (snapshot) => snapshot?.can({ type: 'picture.pick', file: { name: 'a.jpg', type: UPLOAD_MIME_TYPES[0], size: 1 } }) ?? false);
  const problem = pictureFailureText(refusal, i18n);
  const number = (value: number) => formatNumber(value, language);
  return (
    <Box component="fieldset" data-testid="item-pictures" sx={{ flexBasis: '100%', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, m: 0 }}>
      <legend>
        <Trans>Pictures (the first is the cover)</Trans>
      </legend>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {pictures.map((picture, index) => (
          <Box component="li" key={picture.id} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: 112 }} data-testid="item-picture">
            <img src={`${picture.url}/thumb`} alt={index === 0 ? t`Cover picture` : t`Picture ${number(index + 1)}`} width={96} height={72} style={{ objectFit: 'cover' }} />
            <Box sx={{ display: 'flex' }}>
              <Button size="small" sx={{ minWidth: 0 }} disabled={busy || index === 0} onClick={() => actor?.send({ type: 'picture.move', index, step: -1 })} aria-label={t`Move picture ${number(index + 1)} earlier`}>
                ↑
              </Button>
              <Button size="small" sx={{ minWidth: 0 }} disabled={busy || index === pictures.length - 1} onClick={() => actor?.send({ type: 'picture.move', index, step: 1 })} aria-label={t`Move picture ${number(index + 1)} later`}>
                ↓
              </Button>
              <Button size="small" sx={{ minWidth: 0 }} color="error" disabled={busy} onClick={() => actor?.send({ type: 'picture.remove', index })} aria-label={t`Remove picture ${number(index + 1)}`}>
                ✕
              </Button>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>
        <UploadButton disabled={!canPick || busy} onFile={(file) => actor?.send({ type: 'picture.pick', file })} testId="item-picture-file">
          <Trans>Add a picture</Trans>
        </UploadButton>
      </Box>
      {percent !== null ? <LinearProgress variant="determinate" value={percent} aria-label={t`Sending the picture: ${number(percent)}%`} sx={{ mt: 1 }} /> : null}
      {problem ? (
        <Box role="alert" sx={{ color: 'error.main', mt: 1 }}>
          {problem}
        </Box>
      ) : null}
    </Box>
  );
}
