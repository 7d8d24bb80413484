export { createLiveHub, type LiveHub, type LiveWatch, type WakeReason } from './hub';
export { holdForNews, LONG_POLL_CODES, LONG_POLL_LOOKUP } from './long-poll';
export { customerAudience, customerAudiences, publicAudience, staffAudience } from './audiences';
export { writeAndAnnounce, type LiveWriteDeps } from './announce';
export { LONGPOLLS_PER_ACCOUNT, LONGPOLLS_PER_ADDRESS, LONGPOLLS_PER_SESSION, POLL_BOUNDS, type PollBounds, type PollOwner } from './poll-bounds';
