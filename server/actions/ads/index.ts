import { adBookmarkActions } from './ad-bookmarks';
import { adContactActions } from './ad-contact';
import { adPublishActions } from './ad-publish';
import { adSavedSearchActions } from './ad-saved-searches';
import { adSearchActions } from './ad-search';
import { classifiedsOnly } from './classifieds-only';

/** The classifieds' codes (interface 4, docs/classifieds.md); at any other shop each is 404 `not_classifieds`. */
export const adActions = classifiedsOnly({ ...adSearchActions, ...adPublishActions, ...adBookmarkActions, ...adContactActions, ...adSavedSearchActions });
