import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ChatMessage } from '@contract/entities/chat';
import type { Language } from '@contract/enums';
import { localDigits } from '@contract/numbers';
import { SHOP_TIME_ZONE } from '@contract/rules/delivery-time';

const TIME_LOCALES: Record<Language, string> = { fa: 'fa-IR-u-ca-persian', en: 'en-GB' };

/** A message's date and time in the shop's time zone (Persian calendar and digits in fa). */
export function formatMessageTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(TIME_LOCALES[language], { timeZone: SHOP_TIME_ZONE, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** One message: the reader's own on the end side, the other side's on the start side (mirrored in RTL). */
export function MessageBubble({ mine, children, testId }: { mine: boolean; children: ReactNode; testId?: string }) {
  return (
    <Box
      component="article"
      data-testid={testId}
      data-mine={mine}
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '80%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: mine ? 'primary.main' : 'action.hover',
        color: mine ? 'primary.contrastText' : 'text.primary',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}

interface ChatMessageBubbleProps {
  message: ChatMessage;
  /** written by the one reading: the customer on /support, the shop in the console */
  mine: boolean;
  /** who it is from, as this reader names them */
  sender: string;
  language: Language;
  /** the picture's text alternative, in the reader's language (each app has its own catalog) */
  pictureAlt: string;
  testId: string;
  pictureTestId?: string;
}

/** A support chat message, the same for the customer and the shop's staff: sender, picture (linking to its full size), text, time. */
export function ChatMessageBubble({ message, mine, sender, language, pictureAlt, testId, pictureTestId }: ChatMessageBubbleProps) {
  return (
    <MessageBubble mine={mine} testId={testId}>
      <Typography variant="caption" component="p" fontWeight={700}>
        {sender}
      </Typography>
      {message.media ? (
        <Box component="a" href={message.media.url} target="_blank" rel="noopener" sx={{ display: 'block' }} data-testid={pictureTestId}>
          <Box
            component="img"
            src={message.media.thumbnail_url}
            alt={pictureAlt}
            loading="lazy"
            // Its size before it loads, so a log scrolled to its newest message stays there. Box's width and
            // height props are styles, not the img's attributes, so the ratio is given here.
            sx={{
              width: Math.min(240, message.media.width),
              aspectRatio: `${message.media.width} / ${message.media.height}`,
              height: 'auto',
              borderRadius: 1,
              display: 'block',
            }}
          />
        </Box>
      ) : null}
      {message.message ? <Typography variant="body2">{localDigits(message.message, language)}</Typography> : null}
      {/* Full colour: dimmed, the time read 4.34:1 on the bubble (4.5:1 is the least). */}
      <Typography variant="caption" component="p">
        <time dateTime={message.created_at}>{formatMessageTime(message.created_at, language)}</time>
      </Typography>
    </MessageBubble>
  );
}
