import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  closestCenter,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, memo, useMemo, useRef } from "react";
import { useTranslation } from "../../../i18n";

// Module constants: options made inline are new objects on every render, and dnd-kit then builds new
// sensors, new activators and a new context value, which re-renders every sortable item (and, through
// them, every line of a pricing block) whenever the list's parent renders.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };
/** From this many blocks, blocks off screen skip layout and paint. */
const SKIP_OFFSCREEN_FROM = 30;

/**
 * A vertical list reordered by dragging a handle, or from the keyboard (Tab to a handle, Space to
 * pick up, arrows to move, Space to drop, Escape to cancel), with every step announced to screen
 * readers in the page's language. `onReorder` gets the new order of ids.
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
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));
  // The same array while the items are the same: SortableContext's value (read by every item) follows it.
  const ids = useMemo(() => items.map((item) => item.id), [items]);
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
  // Names are read when a drag starts and kept until the next one: the list may be reordered (and
  // re-rendered) before the drop is announced.
  const names = useRef<Map<string, string> | null>(null);
  const snapshotNames = () => {
    names.current = new Map(ids.map((id) => [id, currentName(id)]));
  };
  const nameOf = (id: UniqueIdentifier) => names.current?.get(String(id)) ?? currentName(String(id));
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("editor:dnd.pickedUp", { name: nameOf(active.id), position: positionOf(active.id), count: ids.length }),
    onDragOver: ({ active, over }) => (over ? t("editor:dnd.movedOver", { name: nameOf(active.id), position: positionOf(over.id), count: ids.length }) : t("editor:dnd.notOver", { name: nameOf(active.id) })),
    onDragEnd: ({ active, over }) => (over ? t("editor:dnd.dropped", { name: nameOf(active.id), position: positionOf(over.id), count: ids.length }) : t("editor:dnd.cancelled", { name: nameOf(active.id) })),
    onDragCancel: ({ active }) => t("editor:dnd.cancelled", { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const move = { from: ids.indexOf(String(active.id)), to: ids.indexOf(String(over.id)) };
    onReorder(arrayMove(ids, move.from, move.to), move);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={snapshotNames}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: kind === "line" ? t("editor:dnd.lineInstructions") : t("editor:dnd.instructions") } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="space-y-3" data-testid={`${kind}-list`}>
          {items.map((item, index) => (
            <SortableItem
              key={item.id}
              id={item.id}
              kind={kind}
              label={labelOf(item, index)}
              disabled={disabled}
              item={item}
              skipOffscreen={kind === "block" && items.length > SKIP_OFFSCREEN_FROM}
              renderItem={renderItem as (item: unknown, handle: ReactNode) => ReactNode}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/**
 * Memoised: a parent render with the same item and `renderItem` (a stable callback) re-renders
 * nothing here; drag state changes (dnd-kit's context) still do.
 */
const SortableItem = memo(function SortableItem({
  id,
  kind,
  label,
  disabled,
  item,
  skipOffscreen,
  renderItem,
}: { id: string; kind: "block" | "line"; label: string; disabled: boolean; item: unknown; skipOffscreen: boolean; renderItem: (item: unknown, handle: ReactNode) => ReactNode }) {
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
          aria-label={label}
          data-testid={kind === "line" ? "line-drag-handle" : "drag-handle"}
          className="flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 active:cursor-grabbing"
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
    [disabled, setActivatorNodeRef, attributes, listeners, label, kind],
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      // Blocks off screen skip layout and paint (`content-visibility: auto`, their last size kept):
      // with 200 blocks, a drop's focus return and a reorder lay out the blocks on screen only.
      // Only in long lists: a short one gains nothing, and full-page captures (which do not scroll)
      // would show its off-screen blocks blank.
      className={`relative ${skipOffscreen ? "[contain-intrinsic-size:auto_9rem] [content-visibility:auto]" : ""} ${isDragging ? "z-10 shadow-lg" : ""}`}
      data-testid={`${kind}-item`}
      data-block-id={kind === "block" ? id : undefined}
    >
      {renderItem(item, handle)}
    </li>
  );
});
