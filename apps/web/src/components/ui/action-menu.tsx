import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** One entry of an action menu; `showAction: false` leaves it out (SPEC §3). */
export interface MenuItem {
  id: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  showAction?: boolean;
}

interface ActionMenuProps {
  /** The button that opens the menu. */
  children: ReactElement;
  items: MenuItem[];
  align?: 'start' | 'center' | 'end';
  maxHeight?: number;
  minWidth?: number;
}

/**
 * A keyboard-usable menu of actions. It closes when an item is chosen, on a press outside,
 * on Escape, and when the page or any container around it scrolls.
 */
export function ActionMenu({
  children,
  items,
  align = 'end',
  maxHeight,
  minWidth,
}: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideScroll = (event: Event) => {
      if (event.target instanceof Node && contentRef.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener('scroll', closeOnOutsideScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', closeOnOutsideScroll, { capture: true });
  }, [open]);

  return (
    // Not modal: a modal menu would lock page scrolling, and scrolling is one way to close it.
    // Not portalled either, so the menu stays inside its landmark (header, main).
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>{children}</DropdownMenu.Trigger>
      <DropdownMenu.Content
        ref={contentRef}
        align={align}
        sideOffset={8}
        style={{ maxHeight, minWidth }}
        className="z-50 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
      >
        {items
          .filter((item) => item.showAction !== false)
          .map((item) => (
            <DropdownMenu.Item
              key={item.id}
              onSelect={item.onClick}
              className={clsx(
                'group flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2.5 text-sm text-slate-800 outline-none select-none',
                // The highlight is a filled blue bar with white text, not a faint tint: at least
                // 3:1 against the menu (WCAG 1.4.11).
                'data-highlighted:bg-blue-700 data-highlighted:text-white',
              )}
            >
              <span className="text-base text-slate-600 group-data-highlighted:text-white">
                {item.icon}
              </span>
              {item.label}
            </DropdownMenu.Item>
          ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
