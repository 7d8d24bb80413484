export { createLiveHub, type LiveHub, type LiveWatch, type WakeReason } from './hub';
export { holdForNews } from './long-poll';
export { customerAudience, customerAudiences, publicAudience, staffAudience } from './audiences';
export { writeAndAnnounce, type LiveWriteDeps } from './announce';
