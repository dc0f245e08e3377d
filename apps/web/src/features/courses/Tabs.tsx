import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/), in place of
 * @radix-ui/react-tabs: Radix brought its roving-focus, collection and primitive packages with it,
 * about 8 KB (brotli) on the course page's first load, over its 120 KB budget (issue 28). Same
 * parts and attributes as Radix's, for what the course page uses: controlled, horizontal, left to
 * right, automatic activation (the arrow keys select the tab they move to).
 */
type Selection = { value: string; select: (value: string) => void; ids: (value: string) => { tab: string; panel: string } };

const TabsContext = createContext<Selection | null>(null);

const useTabs = () => {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error('Tabs parts belong inside <Tabs.Root>');
  return tabs;
};

export function Root({ value, onValueChange, className, children }: { value: string; onValueChange: (value: string) => void; className?: string; children: ReactNode }) {
  const base = useId();
  const selection: Selection = {
    value,
    // As Radix: only a change is reported (choosing the open tab again is no change).
    select: (next) => next !== value && onValueChange(next),
    ids: (v) => ({ tab: `${base}-tab-${v}`, panel: `${base}-panel-${v}` }),
  };
  return (
    <TabsContext value={selection}>
      <div className={className}>{children}</div>
    </TabsContext>
  );
}

/** The tablist; its props (the ref included, a plain prop in React 19) go to the element. */
export function List(props: ComponentProps<'div'> & { 'aria-label': string }) {
  return <div role="tablist" {...props} />;
}

/** Where each key moves focus among the tabs: the arrows wrap around, Home and End go to the ends. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

export function Trigger({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  const { tab, panel } = tabs.ids(value);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const move = MOVES[e.key];
    if (!move || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const all = [...(e.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    e.preventDefault(); // Home/End and the arrows would otherwise scroll the page
    const next = all[move(all.indexOf(e.currentTarget), all.length)];
    // Automatic activation: the tab moved to is focused and selected, as if clicked.
    next?.focus();
    next?.click();
  };

  return (
    <button
      type="button"
      role="tab"
      id={tab}
      aria-selected={selected}
      aria-controls={panel}
      data-state={selected ? 'active' : 'inactive'}
      // Roving tabindex: Tab reaches the tab list once, on the open tab; the arrows do the rest.
      tabIndex={selected ? 0 : -1}
      className={className}
      onKeyDown={onKeyDown}
      onClick={() => tabs.select(value)}
    >
      {children}
    </button>
  );
}

/** The open tab's panel; the others are not rendered (as Radix without forceMount). */
export function Content({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  const { tab, panel } = tabs.ids(value);
  // tabIndex 0: a panel that starts with text, not a control, is still reached with Tab.
  return (
    <div role="tabpanel" id={panel} aria-labelledby={tab} tabIndex={0} data-state="active" className={className}>
      {children}
    </div>
  );
}
