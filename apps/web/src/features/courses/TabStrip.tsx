import * as Tabs from './Tabs';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * The course tabs' strip. On a phone it is wider than the screen: it scrolls sideways, a fade
 * with an arrow marks each edge that has more tabs behind it, and the selected tab is scrolled
 * into view (a link to the last tab must not open with it hidden).
 */
export function TabStrip({ label, selected, children }: { label: string; selected: string; children: ReactNode }) {
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const update = () => {
      const before = el.scrollLeft > 1;
      const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resized.disconnect();
    };
  }, []);

  useEffect(() => {
    const el = list.current;
    const tab = el?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!el || !tab) return;
    // Scrolls the strip only (scrollIntoView would move the whole page to the strip too).
    const box = el.getBoundingClientRect();
    const at = tab.getBoundingClientRect();
    if (at.left < box.left || at.right > box.right) el.scrollLeft += at.left - box.left - (box.width - at.width) / 2;
  }, [selected]);

  return (
    <div className="relative -mx-4 sm:mx-0">
      <Tabs.List ref={list} aria-label={label} className="flex gap-1 overflow-x-auto scroll-smooth border-b border-slate-200 px-4 [scrollbar-width:none] sm:px-0">
        {children}
      </Tabs.List>
      {more.before && <Edge side="before" />}
      {more.after && <Edge side="after" />}
    </div>
  );
}

/** The cue that more tabs lie past an edge: decorative (the tab list tells its own count). */
function Edge({ side }: { side: 'before' | 'after' }) {
  const before = side === 'before';
  return (
    <div
      aria-hidden="true"
      data-more={side}
      className={`pointer-events-none absolute bottom-px top-0 flex w-12 items-center from-slate-50 via-slate-50/90 to-transparent text-lg font-bold text-campus-700 ${
        before ? 'left-0 justify-start bg-gradient-to-r pl-1' : 'right-0 justify-end bg-gradient-to-l pr-1'
      }`}
    >
      {before ? '‹' : '›'}
    </div>
  );
}
