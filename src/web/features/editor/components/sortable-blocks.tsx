import { type Announcements, DndContext, type DragEndEvent, PointerSensor, type UniqueIdentifier, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type FocusEvent, type KeyboardEvent, type ReactNode, memo, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../../i18n";

// Module constant: options made inline are new objects on every render, and dnd-kit then builds new
// sensors, new activators and a new context value, which re-renders every sortable item (and, through
// them, every line of a pricing block) whenever the list's parent renders.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
/** From this many blocks, blocks off screen skip layout and paint. */
const SKIP_OFFSCREEN_FROM = 30;

/** A keyboard move in progress: the item picked up, and the order shown while it is moved. */
type KeyboardMove = { id: string; name: string; order: string[] };

/**
 * A vertical list reordered by dragging a handle, or from the keyboard (Tab to a handle, Space or
 * Enter to pick up, arrows to move, Space or Enter to drop, Escape to cancel), with every step
 * announced to screen readers in the page's language. `onReorder` gets the new order of ids.
 *
 * Dragging is dnd-kit's. The keyboard is not (decision 041): dnd-kit's keyboard sensor re-renders
 * and measures every sortable on each step (280–410 ms to pick up one of 200 blocks at a 4× CPU
 * slowdown). Here a keyboard step renders the list (its items are memoised) and the moved item, and
 * moves that item's element; dnd-kit learns the new order in a deferred render after the frame.
 */
export function SortableBlocks<T extends { id: string; name?: string }>({
  items,
  onReorder,
  renderItem,
  disabled = false,
  kind = "block",
  nameOf: readName,
  handleLabel,
}: {
  items: T[];
  onReorder: (ids: string[], move: { from: number; to: number }) => void;
  renderItem: (item: T, handle: ReactNode) => ReactNode;
  disabled?: boolean;
  /** What is moved: the quote's blocks, or a pricing block's lines (instructions, labels, test ids). */
  kind?: "block" | "line";
  /** The item's name at the time of an announcement (lines are renamed while they are edited). */
  nameOf?: (id: string) => string;
  /** The drag handle's accessible name (default: "Move {name}"). */
  handleLabel?: (item: T, index: number) => string;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));
  // The same array while the ids and their order are the same (a refetch that brings new item objects
  // in the same order keeps it): SortableContext's value, read by every item, follows it.
  const idsRef = useRef<string[]>([]);
  const ids = useMemo(() => {
    const next = items.map((item) => item.id);
    const previous = idsRef.current;
    return next.length === previous.length && next.every((id, i) => id === previous[i]) ? previous : next;
  }, [items]);
  idsRef.current = ids;
  // dnd-kit gets a new order in a render of its own after the frame that shows it: a new `items`
  // re-renders every `useSortable` (200 blocks: 150–200 ms at 4×), which a drop no longer waits for.
  const sortableIds = useDeferredValue(ids);

  const [keyboardMove, setKeyboardMove] = useState<KeyboardMove | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLOListElement>(null);
  // The handle to keep focused after a keyboard step: React moves the moved item's element, which
  // takes the focus away from its handle when it is the one moved in the document.
  const refocus = useRef<string | null>(null);

  // Handle labels by position and name, kept while the language and labelling stay: a move
  // re-labels the items it moved, not all 200 (one `t()` each).
  const labelCache = useRef({ t, handleLabel, labels: new Map<string, string>() });
  if (labelCache.current.t !== t || labelCache.current.handleLabel !== handleLabel) labelCache.current = { t, handleLabel, labels: new Map() };
  const { labels } = labelCache.current;
  const labelOf = (item: T, index: number) => {
    const key = `${index}\u0000${item.name ?? ""}`;
    let label = labels.get(key);
    if (label === undefined) {
      label = handleLabel ? handleLabel(item, index) : t("editor:dnd.handle", { name: item.name ?? "" });
      labels.set(key, label);
    }
    return label;
  };
  const currentName = (id: string) => readName?.(id) ?? items.find((item) => item.id === id)?.name ?? "";
  // The moved item's name is read when a drag starts and kept until the next one: the list may be
  // reordered (and re-rendered) before the drop is announced. (Announcements name only that item.)
  const names = useRef<Map<string, string> | null>(null);
  const snapshotName = (id: string) => {
    const name = currentName(id);
    names.current = new Map([[id, name]]);
    return name;
  };
  const nameOf = (id: UniqueIdentifier) => names.current?.get(String(id)) ?? currentName(String(id));
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("editor:dnd.pickedUp", { name: nameOf(active.id), position: positionOf(active.id), count: ids.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t("editor:dnd.movedOver", { name: nameOf(active.id), position: positionOf(over.id), count: ids.length })
        : t("editor:dnd.notOver", { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t("editor:dnd.dropped", { name: nameOf(active.id), position: positionOf(over.id), count: ids.length })
        : t("editor:dnd.cancelled", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("editor:dnd.cancelled", { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const move = { from: ids.indexOf(String(active.id)), to: ids.indexOf(String(over.id)) };
    onReorder(arrayMove(ids, move.from, move.to), move);
  };

  // The keyboard: one handler for every handle, stable (it reads the latest values through a ref),
  // so that the memoised items keep their handle elements.
  const latest = useRef({ ids, keyboardMove, onReorder, snapshotName, t });
  latest.current = { ids, keyboardMove, onReorder, snapshotName, t };
  /** Puts the item back where it was picked up; `keepFocus`: on its handle (Escape), not when leaving it. */
  const cancelKeyboardMove = useCallback((keepFocus: boolean) => {
    const move = latest.current.keyboardMove;
    if (!move) return;
    latest.current.keyboardMove = null;
    if (keepFocus) refocus.current = move.id;
    setKeyboardMove(null);
    setAnnouncement(latest.current.t("editor:dnd.cancelled", { name: move.name }));
  }, []);
  const onHandleKeyDown = useCallback(
    (id: string, event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const { ids, keyboardMove: move, onReorder, snapshotName, t } = latest.current;
      const key = event.key === "Spacebar" || event.code === "Space" ? " " : event.key;
      if (!move || move.id !== id) {
        if (key !== " " && key !== "Enter") return;
        event.preventDefault();
        const picked: KeyboardMove = { id, name: snapshotName(id), order: ids };
        latest.current.keyboardMove = picked;
        setKeyboardMove(picked);
        setAnnouncement(t("editor:dnd.pickedUp", { name: picked.name, position: ids.indexOf(id) + 1, count: ids.length }));
        return;
      }
      if (key === "ArrowDown" || key === "ArrowUp") {
        event.preventDefault();
        const at = move.order.indexOf(id);
        const to = key === "ArrowDown" ? at + 1 : at - 1;
        if (to < 0 || to >= move.order.length) return;
        const moved: KeyboardMove = { ...move, order: arrayMove(move.order, at, to) };
        latest.current.keyboardMove = moved;
        refocus.current = id;
        setKeyboardMove(moved);
        setAnnouncement(t("editor:dnd.movedOver", { name: move.name, position: to + 1, count: move.order.length }));
      } else if (key === " " || key === "Enter") {
        event.preventDefault();
        latest.current.keyboardMove = null;
        setKeyboardMove(null);
        const from = ids.indexOf(id);
        const to = move.order.indexOf(id);
        const current = new Set(ids);
        const sameItems = move.order.length === ids.length && move.order.every((other) => current.has(other));
        setAnnouncement(
          sameItems ? t("editor:dnd.dropped", { name: move.name, position: to + 1, count: ids.length }) : t("editor:dnd.cancelled", { name: move.name }),
        );
        if (sameItems && from !== to) {
          refocus.current = id;
          onReorder(move.order, { from, to });
        }
      } else if (key === "Escape") {
        event.preventDefault();
        cancelKeyboardMove(true);
      }
    },
    [cancelKeyboardMove],
  );
  // Leaving the handle (Tab, a click elsewhere) puts the item back. Our own steps blur it too, for a
  // moment (see `refocus`): the check waits until the step is committed and the focus restored.
  const onHandleBlur = useCallback(
    (id: string, event: FocusEvent<HTMLButtonElement>) => {
      const handle = event.currentTarget;
      setTimeout(() => {
        if (latest.current.keyboardMove?.id === id && document.activeElement !== handle) cancelKeyboardMove(false);
      }, 0);
    },
    [cancelKeyboardMove],
  );
  useLayoutEffect(() => {
    const id = refocus.current;
    if (id === null) return;
    refocus.current = null;
    const handle = listRef.current?.querySelector<HTMLElement>(`[data-sortable-id="${globalThis.CSS.escape(id)}"] [data-sortable-handle]`);
    if (!handle) return;
    if (document.activeElement !== handle) handle.focus({ preventScroll: true });
    handle.scrollIntoView({ block: "nearest" });
  });

  // Shown: the keyboard move's order while an item is moved (the same items), else the items'.
  const shown = useMemo(() => {
    if (!keyboardMove || keyboardMove.order === ids) return items;
    const byId = new Map(items.map((item) => [item.id, item]));
    const ordered = keyboardMove.order.map((id) => byId.get(id));
    return ordered.length === items.length && ordered.every((item) => item !== undefined) ? (ordered as T[]) : items;
  }, [items, ids, keyboardMove]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }) => {
        cancelKeyboardMove(false);
        snapshotName(String(active.id));
      }}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: kind === "line" ? t("editor:dnd.lineInstructions") : t("editor:dnd.instructions") },
      }}
    >
      <SortableContext items={sortableIds} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol ref={listRef} className="space-y-3" data-testid={`${kind}-list`}>
          {shown.map((item, index) => (
            <SortableItem
              key={item.id}
              id={item.id}
              kind={kind}
              label={labelOf(item, index)}
              disabled={disabled}
              lifted={keyboardMove?.id === item.id}
              item={item}
              skipOffscreen={kind === "block" && items.length > SKIP_OFFSCREEN_FROM}
              renderItem={renderItem as (item: unknown, handle: ReactNode) => ReactNode}
              onHandleKeyDown={onHandleKeyDown}
              onHandleBlur={onHandleBlur}
            />
          ))}
        </ol>
      </SortableContext>
      {/* The keyboard's announcements (dragging's are dnd-kit's own live region). */}
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid={`${kind}-move-announcement`}>
        {announcement}
      </div>
    </DndContext>
  );
}

/**
 * Memoised: a parent render with the same item and `renderItem` (a stable callback) re-renders
 * nothing here; dnd-kit's drag state changes (its context) still do, and so does picking the item
 * up from the keyboard (`lifted`).
 */
const SortableItem = memo(function SortableItem({
  id,
  kind,
  label,
  disabled,
  lifted,
  item,
  skipOffscreen,
  renderItem,
  onHandleKeyDown,
  onHandleBlur,
}: {
  id: string;
  kind: "block" | "line";
  label: string;
  disabled: boolean;
  lifted: boolean;
  item: unknown;
  skipOffscreen: boolean;
  renderItem: (item: unknown, handle: ReactNode) => ReactNode;
  onHandleKeyDown: (id: string, event: KeyboardEvent<HTMLButtonElement>) => void;
  onHandleBlur: (id: string, event: FocusEvent<HTMLButtonElement>) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  // The same element while the handle's props are the same, so that a memoised item (a pricing
  // line) is not re-rendered when dnd-kit re-renders this wrapper (drag state, list changes).
  const handle = useMemo(
    () =>
      disabled ? null : (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-pressed={lifted ? true : attributes["aria-pressed"]}
          onKeyDown={(event) => onHandleKeyDown(id, event)}
          onBlur={(event) => onHandleBlur(id, event)}
          aria-label={label}
          data-sortable-handle=""
          data-testid={kind === "line" ? "line-drag-handle" : "drag-handle"}
          className="flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 active:cursor-grabbing aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </button>
      ),
    [disabled, setActivatorNodeRef, attributes, listeners, lifted, onHandleKeyDown, onHandleBlur, id, label, kind],
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // Blocks off screen skip layout and paint (`content-visibility: auto`, their last size kept):
      // with 200 blocks, a drop's focus return and a reorder lay out the blocks on screen only.
      // Only in long lists: a short one gains nothing, and full-page captures (which do not scroll)
      // would show its off-screen blocks blank.
      className={`relative ${skipOffscreen ? "[contain-intrinsic-size:auto_9rem] [content-visibility:auto]" : ""} ${isDragging || lifted ? "z-10 shadow-lg" : ""}`}
      data-testid={`${kind}-item`}
      data-sortable-id={id}
      data-block-id={kind === "block" ? id : undefined}
    >
      {renderItem(item, handle)}
    </li>
  );
});
