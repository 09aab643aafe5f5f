import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';

/**
 * A textarea as tall as its text (one line when empty), so a long gold question or answer is
 * read whole instead of cut at the field's edge; it grows again when the width changes.
 */
export function GrowingTextarea(props: TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      el.style.height = 'auto';
      const border = el.offsetHeight - el.clientHeight;
      el.style.height = `${el.scrollHeight + border}px`;
    };
    fit();
    // Refit when the width changes (a re-wrap), a frame later: never inside the observer's own pass.
    let width = el.clientWidth;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [props.value]);
  return <textarea rows={1} {...props} ref={ref} className={`growing${props.className ? ` ${props.className}` : ''}`} />;
}
