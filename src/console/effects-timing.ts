import { options } from 'preact';

/*
 * React runs the effects of a render caused by a keystroke or a click before any timer; Preact waits for the next
 * frame. MUI X's date fields rely on React's order: a date typed into an empty picker (a year's first digit already
 * makes one) arms a 0 ms timer that clears the field unless an effect has seen its owner take the date, so on Preact
 * every typed date was wiped. Effects run in a microtask after their render instead, as React's would.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
