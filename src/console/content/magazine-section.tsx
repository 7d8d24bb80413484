import { Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { ConsoleMagazinePost } from '@contract/console/endpoints/magazine';
import { localDigits } from '@contract/numbers';
import { magazinePostBound, type MagazinePostField, type MagazinePostProblem } from '@contract/rules/magazine-posts';
import type { MagazineTextField } from '@machines/console/magazine-machine';
import { useScreenFlow } from '@/ui/actor-system';
import { PickerField } from '@/ui/pickers/picker-field';
import { formProblemText, useConsoleLanguage } from '../counter/counter-format';
import { momentText } from '../discounts/discount-words';
import { UploadButton } from '../catalog/upload-button';
import { ListSection } from './list-section';
import { magazineFlow } from './magazine-flow';

const EMPTY: ConsoleMagazinePost[] = [];

type Actor = NonNullable<ReturnType<typeof useMagazine>>;
const useMagazine = () => useScreenFlow(magazineFlow(), undefined, 'magazine');

/** A field's problem in words: the counter forms' words with the rule's bound, and a date's own. */
function problemText(field: MagazinePostField, problem: MagazinePostProblem | undefined, i18n: I18n, language: 'fa' | 'en'): string {
  if (problem === 'not_a_date') return i18n._(msg`Enter a date and time, or leave it empty for now.`);
  if (problem === 'too_long') return i18n._(msg`At most ${localDigits(String(magazinePostBound(field)), language)} characters.`);
  return formProblemText(problem, i18n);
}

/** A file the upload rule takes: asks the chart only whether it takes an upload now. */
const ANY_PICTURE = { name: 'picture.jpg', type: 'image/jpeg', size: 1 };

/** The post being written: texts in fa and en, its cover (uploaded here), its date and whether customers see it. */
function PostForm({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems);
  const uploading = useSelector(actor, (snapshot) => snapshot.matches('uploading'));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const canUpload = useSelector(actor, (snapshot) => snapshot.can({ type: 'post.upload', file: ANY_PICTURE }));
  const canUnpicture = useSelector(actor, (snapshot) => snapshot.can({ type: 'post.unpicture' }));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'post.save' }));
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'post.cancel' }));
  if (!form) return null;
  const field = (name: MagazineTextField, label: string, options: { dir?: 'rtl' | 'ltr'; rows?: number; required?: boolean; help?: string } = {}) => (
    <TextField
      label={label}
      value={form[name]}
      required={options.required}
      multiline={options.rows !== undefined}
      minRows={options.rows}
      onChange={(event) => actor.send({ type: 'post.field', field: name, value: event.target.value })}
      error={problems[name] !== undefined}
      helperText={problemText(name, problems[name], i18n, language) || options.help}
      slotProps={{ htmlInput: { dir: options.dir, 'data-testid': `magazine-${name}` } }}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      aria-label={form.id === null ? t`New magazine post` : t`Edit magazine post`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'post.save' });
      }}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, my: 1 }}
    >
      <Stack spacing={2}>
        {field('title', t`Title (Persian)`, { dir: 'rtl', required: true })}
        {field('summary', t`Summary (Persian)`, { dir: 'rtl', rows: 2 })}
        {field('body', t`Text (Persian)`, { dir: 'rtl', rows: 5, required: true })}
        {field('title_en', t`Title (English)`, { dir: 'ltr', help: t`Empty: English readers see the Persian text.` })}
        {field('summary_en', t`Summary (English)`, { dir: 'ltr', rows: 2 })}
        {field('body_en', t`Text (English)`, { dir: 'ltr', rows: 5 })}
        <PickerField
          kind="datetime"
          language={language}
          label={t`Date`}
          value={form.date}
          onChange={(value) => actor.send({ type: 'post.field', field: 'date', value })}
          error={problems.date !== undefined}
          helperText={problemText('date', problems.date, i18n, language) || t`Empty: now. Posts are listed newest first.`}
          testId="magazine-date"
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {form.picture ? <img src={`${form.picture.url}/thumb`} alt={t`The chosen picture`} width={120} height={80} style={{ objectFit: 'cover' }} data-testid="magazine-cover" /> : null}
          <UploadButton disabled={uploading || saving || !canUpload} onFile={(file) => actor.send({ type: 'post.upload', file })} testId="magazine-file">
            {uploading ? <Trans>Sending the picture…</Trans> : <Trans>Upload a cover picture</Trans>}
          </UploadButton>
          {form.picture ? <Button onClick={() => actor.send({ type: 'post.unpicture' })} disabled={!canUnpicture}>{t`No cover`}</Button> : null}
        </Stack>
        <FormControlLabel
          control={<Checkbox checked={form.published} onChange={(event) => actor.send({ type: 'post.published', value: event.target.checked })} data-testid="magazine-published" />}
          label={t`Published: customers see it (a draft only you see)`}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={uploading || saving || !canSave} data-testid="magazine-save">
          <Trans>Save</Trans>
        </Button>
        <Button onClick={() => actor.send({ type: 'post.cancel' })} disabled={!canCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Box>
  );
}

function PostRow({ actor, post }: { actor: Actor; post: ConsoleMagazinePost }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const canEdit = useSelector(actor, (snapshot) => snapshot.can({ type: 'post.edit', id: post.id }));
  const canFlip = useSelector(actor, (snapshot) => snapshot.can({ type: 'post.publish', id: post.id, published: !post.published }));
  const canRemove = useSelector(actor, (snapshot) => snapshot.can({ type: 'post.remove', id: post.id }));
  const title = language === 'en' ? post.title_en || post.title : post.title;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }} data-testid="magazine-entry">
      {post.picture ? <Box component="img" src={`${post.picture}/thumb`} alt="" sx={{ width: 64, height: 48, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }} /> : null}
      <Box sx={{ flex: 1, minWidth: 160 }}>
        <Typography noWrap>{title}</Typography>
        <Typography variant="caption" color="text.secondary">
          {momentText(post.date, language)}
        </Typography>
      </Box>
      {post.published ? <Chip size="small" color="success" label={t`Published`} /> : <Chip size="small" label={t`Draft`} />}
      <Button size="small" disabled={!canFlip} onClick={() => actor.send({ type: 'post.publish', id: post.id, published: !post.published })} aria-label={post.published ? t`Make a draft: ${title}` : t`Publish: ${title}`}>
        {post.published ? t`Make a draft` : t`Publish`}
      </Button>
      <IconButton aria-label={t`Edit: ${title}`} disabled={!canEdit} onClick={() => actor.send({ type: 'post.edit', id: post.id })}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton aria-label={t`Remove: ${title}`} disabled={!canRemove} onClick={() => actor.send({ type: 'post.remove', id: post.id })}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

function Magazine() {
  const { t } = useLingui();
  const actor = useMagazine();
  const posts = useSelector(actor, (snapshot) => snapshot?.context.posts ?? EMPTY);
  const failed = useSelector(actor, (snapshot) => snapshot?.matches('failed') ?? false);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  const saved = useSelector(actor, (snapshot) => snapshot?.context.saved ?? false);
  const canAdd = useSelector(actor, (snapshot) => snapshot?.can({ type: 'post.new' }) ?? false);
  if (!actor) return null;
  return (
    <ListSection
      title={t`Magazine`}
      testId="magazine"
      addLabel={<Trans>New post</Trans>}
      canAdd={canAdd}
      onAdd={() => actor.send({ type: 'post.new' })}
      failure={failure}
      onRetry={failed ? () => actor.send({ type: 'posts.retry' }) : undefined}
      saved={saved}
    >
      <PostForm actor={actor} />
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {posts.map((post) => (
          <PostRow key={post.id} actor={actor} post={post} />
        ))}
      </Box>
    </ListSection>
  );
}

/**
 * The owner's magazine (issue 32), a section of the content screen: posts newest first, drafts marked, each written
 * in fa (en optional) with its cover uploaded here; its own chart (machines/console/magazine-machine.ts).
 */
export function MagazineSection() {
  return (
    <Suspense fallback={null}>
      <Magazine />
    </Suspense>
  );
}
