import { useLayoutEffect, useRef } from 'react';

/**
 * A ref holding the value of the last render, for listeners added once (the page-wide key
 * handlers). It is updated in a layout effect, before the browser can deliver another event: a
 * key pressed as soon as a render is on screen acts on what that render shows. A passive effect
 * runs only after paint, so a quick key could still reach the state of the render before (a
 * judge-audit label going to the item just labelled, or being dropped as "still saving").
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
