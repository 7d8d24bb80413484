import { useLingui } from '@lingui/react/macro';
import IconButton from '@mui/material/IconButton';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';

/** An ad's bookmark (a guest's tap is the chart's: it asks them to log in). */
export function BookmarkToggle({ bookmarked, busy, title, onToggle }: { bookmarked: boolean; busy: boolean; title: string; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <IconButton
      onClick={onToggle}
      disabled={busy}
      color={bookmarked ? 'primary' : 'default'}
      aria-pressed={bookmarked}
      aria-label={bookmarked ? t`Remove the bookmark of ${title}` : t`Bookmark ${title}`}
      data-testid="bookmark-toggle"
    >
      {bookmarked ? <BookmarkIcon /> : <BookmarkBorderIcon />}
    </IconButton>
  );
}
