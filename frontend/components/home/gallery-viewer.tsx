import { Dialog, IconButton } from "@radix-ui/themes";
import { type KeyboardEvent, type TouchEvent, useRef, useState } from "react";
import { useReturnFocus } from "../../hooks/use-return-focus";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from "../site/icons";
import type { GalleryItem } from "./gallery-items";

type GalleryViewerProps = {
  items: GalleryItem[];
  /** The open item, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/** A horizontal swipe at least this long (px), and longer than it is tall, steps to the next or previous item. */
const SWIPE_PX = 40;

/**
 * The full-screen viewer: a modal dialog (focus trapped, Escape closes, focus returns to the
 * thumbnail) whose arrow keys, buttons and swipes step through the items, wrapping at the ends.
 */
export default function GalleryViewer({ items, index, onIndexChange, onClose }: GalleryViewerProps) {
  // Keeps the last item on screen while the dialog fades out after closing.
  const [shownIndex, setShownIndex] = useState(0);
  if (index !== null && index !== shownIndex) setShownIndex(index);
  const item = items[shownIndex];
  const returnFocus = useReturnFocus();
  const step = (delta: number) => onIndexChange((shownIndex + delta + items.length) % items.length);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") step(1);
    else if (event.key === "ArrowLeft") step(-1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content className="viewer" maxWidth="none" onKeyDown={onKeyDown} {...returnFocus}>
        {item ? (
          <>
            <div className="viewer__top">
              <p className="viewer__count" aria-live="polite">
                {shownIndex + 1} of {items.length}
              </p>
              <Dialog.Close>
                <IconButton
                  size="3"
                  variant="ghost"
                  color="gray"
                  highContrast
                  className="viewer__close"
                  aria-label="Close viewer"
                >
                  <CloseIcon size={24} />
                </IconButton>
              </Dialog.Close>
            </div>
            <div className="viewer__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
              <IconButton
                size="4"
                variant="soft"
                color="gray"
                className="viewer__nav"
                aria-label="Previous image"
                onClick={() => step(-1)}
              >
                <ChevronLeftIcon size={28} />
              </IconButton>
              <img className="viewer__image" src={item.image} alt={item.title} width={800} height={600} />
              <IconButton
                size="4"
                variant="soft"
                color="gray"
                className="viewer__nav"
                aria-label="Next image"
                onClick={() => step(1)}
              >
                <ChevronRightIcon size={28} />
              </IconButton>
            </div>
            <div className="viewer__text">
              <Dialog.Title size="6" className="viewer__title">
                {item.title}
              </Dialog.Title>
              <Dialog.Description size="3" className="viewer__description">
                {item.description}
              </Dialog.Description>
              <p className="viewer__hint viewer__hint--keys">Use the arrow keys to browse, Escape to close.</p>
              <p className="viewer__hint viewer__hint--touch">Swipe left or right to browse, tap × to close.</p>
            </div>
          </>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
