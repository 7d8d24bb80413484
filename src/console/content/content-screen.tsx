import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { normalizeDigits } from '@contract/digits';
import { localDigits } from '@contract/numbers';
import { CONTENT_PAGES, SHOP_CONTENT_LIMITS, type ContentPage, type ContentProblem, type HomePictureKind } from '@contract/rules/shop-content';
import type { HomePicture } from '@contract/console/endpoints/content';
import type { PictureField, ShopContentSnapshot } from '@machines/console/shop-content-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { formProblemText, useConsoleLanguage } from '../counter/counter-format';
import { pictureFailureText } from '../catalog/picture-words';
import { UploadButton } from '../catalog/upload-button';
import { GallerySection } from './gallery-section';
import { MagazineSection } from './magazine-section';
import { counterFlows } from '../live';
import { OwnerGate } from '../counter/owner-gate';

const pageNames = { about: msg`About`, rules: msg`Rules`, privacy: msg`Privacy` } as const;
const kindNames = { slide: msg`Slides`, banner: msg`Banners` } as const;
const EMPTY: HomePicture[] = [];

/** A content problem in words: the counter forms' words, and the link's own. */
function problemText(problem: ContentProblem | undefined, i18n: I18n): string {
  return problem === 'not_a_link' ? i18n._(msg`A path on this site starting with /, or an https address.`) : formProblemText(problem, i18n);
}

type Actor = NonNullable<ReturnType<typeof useShopContent>>;
const useShopContent = () => useScreenFlow(counterFlows.shopContent(), undefined, 'content');

/** The three pages, one open at a time, written in fa and en. */
function PagesEditor({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const page = useSelector(actor, (snapshot) => snapshot.context.page);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const problems = useSelector(actor, (snapshot) => snapshot.context.pageProblems);
  const saving = useSelector(actor, (snapshot) => snapshot.matches('savingPage'));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'page.save' }));
  const canPick = useSelector(actor, (snapshot) => snapshot.can({ type: 'page.pick', page }));
  return (
    <Box
      component="form"
      noValidate
      aria-label={t`Content pages`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'page.save' });
      }}
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Content pages</Trans>
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={page}
        disabled={!canPick}
        onChange={(_, value: ContentPage | null) => value && actor.send({ type: 'page.pick', page: value })} sx={{ mb: 2 }}>
        {CONTENT_PAGES.map((name) => (
          <ToggleButton key={name} value={name} data-testid={`content-page-${name}`}>
            {i18n._(pageNames[name])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack spacing={2}>
        {(['fa', 'en'] as const).map((language) => (
          <TextField
            key={language}
            label={language === 'fa' ? t`Persian text` : t`English text`}
            value={draft[language]}
            multiline
            minRows={3}
            onChange={(event) => actor.send({ type: 'page.edit', language, value: event.target.value })}
            error={problems[language] !== undefined}
            helperText={problemText(problems[language], i18n) || (page === 'about' ? '' : t`Left empty, the storefront shows its standard text.`)}
            slotProps={{ htmlInput: { dir: language === 'fa' ? 'rtl' : 'ltr', maxLength: SHOP_CONTENT_LIMITS.page + 1, 'data-testid': `content-page-${language}` } }}
          />
        ))}
      </Stack>
      <Button type="submit" variant="contained" disabled={saving || !canSave} sx={{ mt: 2 }} data-testid="content-page-save">
        <Trans>Save page</Trans>
      </Button>
    </Box>
  );
}

/** A file the upload rule takes: asks the chart only whether it takes an upload now. */
const ANY_PICTURE = { name: 'picture.jpg', type: 'image/jpeg', size: 1 };

/** The form's picture: a preview of the one chosen, and an upload button (a label for the file input, reachable with Tab). */
function PictureUpload({ actor, pictureId }: { actor: Actor; pictureId: string }) {
  const { t } = useLingui();
  const uploading = useSelector(actor, (snapshot) => snapshot.matches('uploadingPicture'));
  const canUpload = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.upload', file: ANY_PICTURE }));
  const typed = normalizeDigits(pictureId.trim());
  const shown = /^\d+$/.test(typed) ? typed : null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      {shown ? <img src={`/media/${shown}/thumb`} alt={t`The chosen picture`} width={120} height={60} style={{ objectFit: 'cover' }} data-testid="picture-preview" /> : null}
      <UploadButton disabled={uploading || !canUpload} onFile={(file) => actor.send({ type: 'picture.upload', file })} testId="picture-file">
        {uploading ? <Trans>Sending the picture…</Trans> : <Trans>Upload a picture</Trans>}
      </UploadButton>
    </Stack>
  );
}

/** The slide or banner being written. */
function PictureFormView({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const problems = useSelector(actor, (snapshot) => snapshot.context.formProblems);
  const busy = useSelector(actor, (snapshot) => snapshot.matches('changingPictures'));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.save' }));
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.cancel' }));
  if (!form) return null;
  const field = (name: PictureField, label: string, extra: { dir?: 'ltr' | 'rtl'; inputMode?: 'numeric' } = {}) => (
    <TextField
      label={label}
      value={form[name]}
      required={name !== 'link'}
      onChange={(event) => actor.send({ type: 'picture.field', field: name, value: event.target.value })}
      error={problems[name] !== undefined}
      helperText={problemText(problems[name], i18n)}
      slotProps={{ htmlInput: { ...extra, 'data-testid': `picture-${name}` } }}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      aria-label={form.id === null ? t`New entry` : t`Edit entry`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'picture.save' });
      }}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, my: 1 }}
    >
      <Stack spacing={2}>
        {field('title', t`Title (Persian)`, { dir: 'rtl' })}
        {field('title_en', t`Title (English)`, { dir: 'ltr' })}
        {field('picture_id', t`Picture number`, { dir: 'ltr', inputMode: 'numeric' })}
        <PictureUpload actor={actor} pictureId={form.picture_id} />
        {field('link', t`Link (optional)`, { dir: 'ltr' })}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={busy || !canSave} data-testid="picture-save">
          <Trans>Save</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'picture.cancel' })} disabled={!canCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

/** One slide or banner, with its moves and removal where the chart allows them. */
function PictureRow({ actor, kind, entry }: { actor: Actor; kind: HomePictureKind; entry: HomePicture }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const canUp = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.move', kind, id: entry.id, by: -1 }));
  const canDown = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.move', kind, id: entry.id, by: 1 }));
  const canEdit = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.edit', kind, id: entry.id }));
  const canRemove = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.remove', kind, id: entry.id }));
  const title = language === 'en' ? entry.title_en : entry.title;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid={`content-${kind}-${entry.id}`}>
      <Box component="img" src={entry.picture} alt="" sx={{ width: 64, height: 40, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap>{title}</Typography>
        <Typography variant="caption" color="text.secondary" noWrap dir="ltr" component="div" sx={{ textAlign: 'start' }}>
          {localDigits(entry.link, language)}
        </Typography>
      </Box>
      <IconButton aria-label={t`Move up: ${title}`} disabled={!canUp} onClick={() => actor.send({ type: 'picture.move', kind, id: entry.id, by: -1 })}>
        <ArrowUpwardIcon />
      </IconButton>
      <IconButton aria-label={t`Move down: ${title}`} disabled={!canDown} onClick={() => actor.send({ type: 'picture.move', kind, id: entry.id, by: 1 })}>
        <ArrowDownwardIcon />
      </IconButton>
      <IconButton aria-label={t`Edit: ${title}`} disabled={!canEdit} onClick={() => actor.send({ type: 'picture.edit', kind, id: entry.id })}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton aria-label={t`Remove: ${title}`} disabled={!canRemove} onClick={() => actor.send({ type: 'picture.remove', kind, id: entry.id })}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

/** One kind's list in the storefront's order. */
function PictureList({ actor, kind }: { actor: Actor; kind: HomePictureKind }) {
  const { i18n } = useLingui();
  const entries = useSelector(actor, (snapshot: ShopContentSnapshot) => (kind === 'slide' ? snapshot.context.pictures?.slides : snapshot.context.pictures?.banners) ?? EMPTY);
  const formKind = useSelector(actor, (snapshot) => snapshot.context.form?.kind ?? null);
  const canAdd = useSelector(actor, (snapshot) => snapshot.can({ type: 'picture.new', kind }));
  return (
    <Box component="section" aria-label={i18n._(kindNames[kind])} sx={{ mt: 3 }} data-testid={`content-${kind}s`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {i18n._(kindNames[kind])}
        </Typography>
        <Button onClick={() => actor.send({ type: 'picture.new', kind })} disabled={!canAdd} data-testid={`content-${kind}-add`}>
          <Trans>Add</Trans>
        </Button>
      </Stack>
      {formKind === kind ? <PictureFormView actor={actor} /> : null}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry) => (
          <PictureRow key={entry.id} actor={actor} kind={kind} entry={entry} />
        ))}
      </Box>
    </Box>
  );
}

/** The owner's storefront content: the content pages, the home's slides and banners, the gallery and the magazine (issue 32). */
function ShopContent() {
  const { i18n, t } = useLingui();
  const actor = useShopContent();
  const loading = useSelector(actor, (snapshot) => snapshot?.matches('loading') ?? true);
  const failed = useSelector(actor, (snapshot) => snapshot?.matches('failed') ?? false);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  const saved = useSelector(actor, (snapshot) => snapshot?.context.saved ?? null);
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box sx={{ p: 2, maxWidth: 720 }} data-testid="content-screen">
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
        <Trans>Shop content</Trans>
      </Typography>
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failed ? (
        <Alert severity="error" role="alert" action={<Button onClick={() => actor.send({ type: 'content.retry' })}>{t`Try again`}</Button>}>
          {pictureFailureText(failure, i18n)}
        </Alert>
      ) : null}
      {loading || failed ? null : (
        <>
          <Box aria-live="polite" sx={{ mb: 2 }}>
            {failure ? (
              <Alert severity="error" role="alert">
                {pictureFailureText(failure, i18n)}
              </Alert>
            ) : null}
            {saved ? <Alert severity="success" role="status">{t`Saved. Customers see it on their next visit.`}</Alert> : null}
          </Box>
          <PagesEditor actor={actor} />
          <PictureList actor={actor} kind="slide" />
          <PictureList actor={actor} kind="banner" />
          <GallerySection />
          <MagazineSection />
        </>
      )}
    </Box>
  );
}

/** The owner's only (OwnerGate). */
export default function ContentScreen() {
  return (
    <OwnerGate>
      <ShopContent />
    </OwnerGate>
  );
}
