import { Trans, useLingui } from '@lingui/react/macro';
import Stack from '@mui/material/Stack';
import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { bookmarksFailure, isLoadingBookmarks, noBookmarks } from '@machines/classifieds/ad-bookmarks-machine';
import { useScreenActor } from '@/ui/actor-system';
import { BlocksSkeleton, EmptyState, LoadFailure } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { AdCard } from './ad-card';
import { MoreOnScroll } from './more-on-scroll';

/** /home-4/tejari/profile/bookmark-ads (login): the bookmarked ads; the bookmark toggle removes one. */
export default function BookmarksPage() {
  const { t } = useLingui();
  const actor = useScreenActor('adBookmarks', undefined, 'bookmarks');
  const ads = useSelector(actor, (snapshot) => snapshot?.context.ads ?? []);
  const failure = useSelector(actor, (snapshot) => (snapshot ? bookmarksFailure(snapshot) : null));
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingBookmarks(snapshot) : true));
  const empty = useSelector(actor, (snapshot) => (snapshot ? noBookmarks(snapshot) : false));
  const removing = useSelector(actor, (snapshot) => snapshot?.context.removing ?? null);
  const refusal = useSelector(actor, (snapshot) => snapshot?.context.refusal ?? null);
  // One removal at a time: while one runs, the chart takes no other, so none is offered.
  const removable = useSelector(actor, (snapshot) => snapshot?.context.ads.filter((ad) => snapshot.can({ type: 'bookmarks.remove', adId: ad.id })).map((ad) => ad.id) ?? [], shallowEqual);
  const canMore = useSelector(actor, (snapshot) => snapshot?.can({ type: 'bookmarks.more' }) ?? false);
  const loadingMore = useSelector(actor, (snapshot) => snapshot?.matches({ list: 'loadingMore' }) ?? false);
  const more = useCallback(() => actor?.send({ type: 'bookmarks.more' }), [actor]);
  return (
    <PageFrame title={t`Bookmarked ads`} testId="ad-bookmarks">
      {failure ? <LoadFailure message={failure.message} onRetry={() => actor?.send({ type: 'bookmarks.retry' })} /> : null}
      {!failure && loading && ads.length === 0 ? <BlocksSkeleton count={3} height={128} /> : null}
      {empty ? (
        <EmptyState>
          <Trans>You have not bookmarked any ad yet</Trans>
        </EmptyState>
      ) : null}
      <Stack spacing={1.5} data-testid="bookmark-list">
        {ads.map((ad) => (
          <AdCard key={ad.id} ad={ad} bookmarkBusy={removing === ad.id || !removable.includes(ad.id)} refusal={refusal?.adId === ad.id ? refusal.message : null} onBookmark={() => actor?.send({ type: 'bookmarks.remove', adId: ad.id })} />
        ))}
      </Stack>
      <MoreOnScroll canMore={canMore} loading={loadingMore} onMore={more} />
    </PageFrame>
  );
}
