import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ConsoleGalleryPicture } from '@contract/console/endpoints/gallery';
import type { GalleryField, GalleryProblem } from '@machines/console/gallery-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { useConsoleLanguage } from '../counter/counter-format';
import { UploadButton } from '../catalog/upload-button';
import { galleryFlow } from './gallery-flow';
import { ListSection } from './list-section';

const problemWords: Record<GalleryProblem, ReturnType<typeof msg>> = {
  title_required: msg`Enter a title.`,
  title_too_long: msg`This title is too long.`,
  picture_required: msg`Upload a picture first.`,
};
const EMPTY: ConsoleGalleryPicture[] = [];

type Actor = NonNullable<ReturnType<typeof useGallery>>;
const useGallery = () => useScreenFlow(galleryFlow(), undefined, 'gallery');

/** A file the upload rule takes: asks the chart only whether it takes an upload now. */
const ANY_PICTURE = { name: 'picture.jpg', type: 'image/jpeg', size: 1 };

/** The entry being written: titles and its picture (uploaded here). */
function EntryForm({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const uploading = useSelector(actor, (snapshot) => snapshot.matches('uploading'));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const canUpload = useSelector(actor, (snapshot) => snapshot.can({ type: 'entry.upload', file: ANY_PICTURE }));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'entry.save' }));
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'entry.cancel' }));
  if (!form) return null;
  const field = (name: GalleryField, label: string, dir: 'rtl' | 'ltr') => (
    <TextField
      label={label}
      value={form[name]}
      required
      onChange={(event) => actor.send({ type: 'entry.field', field: name, value: event.target.value })}
      error={problems[name] !== undefined}
      helperText={problems[name] ? i18n._(problemWords[problems[name]]) : ''}
      slotProps={{ htmlInput: { dir, 'data-testid': `gallery-${name}` } }}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      aria-label={form.id === null ? t`New gallery picture` : t`Edit gallery picture`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'entry.save' });
      }}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, my: 1 }}
    >
      <Stack spacing={2}>
        {field('title', t`Title (Persian)`, 'rtl')}
        {field('title_en', t`Title (English)`, 'ltr')}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {form.picture ? <img src={`${form.picture.url}/thumb`} alt={t`The chosen picture`} width={120} height={80} style={{ objectFit: 'cover' }} /> : null}
          <UploadButton disabled={uploading || saving || !canUpload} onFile={(file) => actor.send({ type: 'entry.upload', file })} testId="gallery-file">
            {uploading ? <Trans>Sending the picture…</Trans> : <Trans>Upload a picture</Trans>}
          </UploadButton>
        </Stack>
        {problems.picture ? <Typography color="error">{i18n._(problemWords[problems.picture])}</Typography> : null}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={uploading || saving || !canSave} data-testid="gallery-save">
          <Trans>Save</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'entry.cancel' })} disabled={!canCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

function EntryRow({ actor, entry }: { actor: Actor; entry: ConsoleGalleryPicture }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const canEdit = useSelector(actor, (snapshot) => snapshot.can({ type: 'entry.edit', id: entry.id }));
  const canRemove = useSelector(actor, (snapshot) => snapshot.can({ type: 'entry.remove', id: entry.id }));
  // Not disabled while a move is on its way (the chart ignores a second one): a disabled button would drop the
  // keyboard's focus after every move; only an end disables it.
  const moving = useSelector(actor, (snapshot) => snapshot.matches('moving'));
  const canUp = useSelector(actor, (snapshot) => snapshot.can({ type: 'entry.move', id: entry.id, direction: 'up' }));
  const canDown = useSelector(actor, (snapshot) => snapshot.can({ type: 'entry.move', id: entry.id, direction: 'down' }));
  const title = language === 'en' ? entry.title_en : entry.title;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="gallery-entry">
      <Box component="img" src={`${entry.picture}/thumb`} alt="" sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
      <Typography noWrap sx={{ flex: 1, minWidth: 0 }}>
        {title}
      </Typography>
      <IconButton aria-label={t`Move up: ${title}`} disabled={!canUp && !moving} onClick={() => actor.send({ type: 'entry.move', id: entry.id, direction: 'up' })}>
        <ArrowUpwardIcon />
      </IconButton>
      <IconButton aria-label={t`Move down: ${title}`} disabled={!canDown && !moving} onClick={() => actor.send({ type: 'entry.move', id: entry.id, direction: 'down' })}>
        <ArrowDownwardIcon />
      </IconButton>
      <IconButton aria-label={t`Edit: ${title}`} disabled={!canEdit} onClick={() => actor.send({ type: 'entry.edit', id: entry.id })}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton aria-label={t`Remove: ${title}`} disabled={!canRemove} onClick={() => actor.send({ type: 'entry.remove', id: entry.id })}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

function Gallery() {
  const { t } = useLingui();
  const actor = useGallery();
  const entries = useSelector(actor, (snapshot) => snapshot?.context.gallery ?? EMPTY);
  const failed = useSelector(actor, (snapshot) => snapshot?.matches('failed') ?? false);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  const saved = useSelector(actor, (snapshot) => snapshot?.context.saved ?? false);
  const moved = useSelector(actor, (snapshot) => (snapshot?.matches('editing') ? (snapshot.context.gallery ?? EMPTY).find((entry) => entry.id === snapshot.context.moved) : undefined));
  const language = useConsoleLanguage();
  const movedTitle = moved ? (language === 'en' ? moved.title_en : moved.title) : '';
  const canAdd = useSelector(actor, (snapshot) => snapshot?.can({ type: 'entry.new' }) ?? false);
  if (!actor) return null;
  return (
    <ListSection
      title={t`Gallery`}
      testId="gallery"
      addLabel={<Trans>Add</Trans>}
      canAdd={canAdd}
      onAdd={() => actor.send({ type: 'entry.new' })}
      failure={failure}
      onRetry={failed ? () => actor.send({ type: 'gallery.retry' }) : undefined}
      saved={saved}
      notice={moved ? t`Moved: ${movedTitle}. Customers see the new order on their next visit.` : null}
    >
      <EntryForm actor={actor} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => (
          <EntryRow key={entry.id} actor={actor} entry={entry} />
        ))}
      </Box>
    </ListSection>
  );
}

/**
 * The owner's gallery (issue 32), a section of the content screen: pictures with titles in fa and en, each
 * uploaded here; its own chart (machines/console/gallery-machine.ts) behind its own boundary.
 */
export function GallerySection() {
  return (
    <Suspense fallback={null}>
      <Gallery />
    </Suspense>
  );
}
