import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ActionIcon, Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { displayName, TASK_BOARD_TEXT, TASK_STATUSES, type TaskRecurrence, type TaskStatus } from '@smart/contracts';
import { type ReactNode, type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { dueLabel, isOverdue, statusLabel } from '@/lib/work-format';
import { RepeatMarker, repeatLabelOf } from './RepeatMarker';
import classes from './TaskBoard.module.css';

/** A card of the board: what it shows and whether the caller may move it (the task's permissions). */
export interface BoardTask {
  id: string;
  title: string;
  status: TaskStatus;
  dueDate: string | null;
  assignee: string | null;
  /** A repeating task's rule ("Every month on day 31"): its card shows the repeat marker. */
  repeats: string | null;
  /** The task's page; a card without it opens nothing (a My Tasks item missing its project). */
  to?: string | undefined;
  canMove: boolean;
}

/** A task of a list (an objective's, My Tasks') as a card, opening `to`. */
export const boardTaskOf = (
  task: {
    id: string;
    title: string;
    status: TaskStatus;
    dueDate: string | null;
    assignedTo: { firstName: string; lastName: string } | null;
    recurrence: TaskRecurrence | null;
    permissions: { canUpdateProgress: boolean };
  },
  to: string | undefined,
): BoardTask => ({
  id: task.id,
  title: task.title,
  status: task.status,
  dueDate: task.dueDate,
  assignee: task.assignedTo ? displayName(task.assignedTo) : null,
  repeats: repeatLabelOf(task),
  to,
  canMove: task.permissions.canUpdateProgress,
});

interface TaskBoardProps {
  tasks: readonly BoardTask[];
  /** Changes a task's status on the server; rejects with the server's message when refused. */
  onMove: (taskId: string, status: TaskStatus) => Promise<unknown>;
  /** Names the board for screen readers ('Beta tasks'). */
  label: string;
}

const columnName = (status: TaskStatus) => statusLabel(status);

/** ArrowRight / ArrowLeft carry a picked-up card to the next or previous column (dnd-kit's keyboard sensor). */
const COLUMN_STEPS: Partial<Record<string, number>> = { [KeyboardCode.Right]: 1, [KeyboardCode.Left]: -1 };

const toNextColumn: KeyboardCoordinateGetter = (event, { active, context }) => {
  const step = COLUMN_STEPS[event.code];
  const { collisionRect, droppableRects, over } = context;
  if (step === undefined || !collisionRect) return undefined;
  event.preventDefault();
  const from = (over?.id ?? context.active?.data.current?.status) as TaskStatus | undefined;
  const target = TASK_STATUSES[(from ? TASK_STATUSES.indexOf(from) : -1) + step];
  const rect = target ? droppableRects.get(target) : undefined;
  if (!rect || !active) return undefined;
  return { x: rect.left + (rect.width - collisionRect.width) / 2, y: rect.top + 8 };
};

/**
 * An objective's tasks or My Tasks as a board by status: Not Started, In Progress,
 * Completed. A card moves by dragging it anywhere (its title link still opens the task), or with
 * the keyboard from its move handle (Space, the arrow keys, Space), and the move is the task's status change: `onMove` makes the same call as the
 * task page. The card shows in its new column at once and goes back, with the server's message,
 * when the change is refused.
 */
export function TaskBoard({ tasks, onMove, label }: TaskBoardProps) {
  // Moves waiting for the server's answer: their cards show in the column they were dropped in.
  const [pending, setPending] = useState<Record<string, TaskStatus>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragged, setDragged] = useState<BoardTask | null>(null);
  // A moved card is drawn again in its new column: its move button gets the focus back.
  const [refocus, setRefocus] = useState<string | null>(null);
  const sensors = useSensors(
    // The whole card drags; a click on its title still opens the task: a drag starts after 6 px.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // On a touch screen a finger sliding over a card scrolls the page: a drag starts after a press of 250 ms.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: toNextColumn }),
  );
  const statusOf = (task: BoardTask) => pending[task.id] ?? task.status;
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const titleOf = (id: string | number) => byId.get(String(id))?.title ?? '';
  const columnOf = (id: string | number | undefined) => (id ? columnName(id as TaskStatus) : '');

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const task = byId.get(String(active.id));
      return task ? TASK_BOARD_TEXT.pickedUp(task.title, columnName(statusOf(task))) : undefined;
    },
    onDragOver: ({ active, over }) => (over ? TASK_BOARD_TEXT.over(titleOf(active.id), columnOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) => {
      const task = byId.get(String(active.id));
      if (!task) return undefined;
      return over && over.id !== statusOf(task)
        ? TASK_BOARD_TEXT.dropped(task.title, columnOf(over.id))
        : TASK_BOARD_TEXT.stayed(task.title, columnName(statusOf(task)));
    },
    onDragCancel: ({ active }) => {
      const task = byId.get(String(active.id));
      return task ? TASK_BOARD_TEXT.cancelled(task.title, columnName(statusOf(task))) : undefined;
    },
  };

  const settle = (taskId: string) =>
    setPending(({ [taskId]: _settled, ...others }) => {
      return others;
    });

  const onDragStart = ({ active }: DragStartEvent) => {
    setRefusal(null);
    setDragged(byId.get(String(active.id)) ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const task = byId.get(String(active.id));
    const target = over?.id as TaskStatus | undefined;
    if (!task || !target || target === statusOf(task)) return;
    setPending((moves) => ({ ...moves, [task.id]: target }));
    setRefocus(task.id);
    onMove(task.id, target).then(
      // Answered: the list has been read again by now, and shows the task where the server put it.
      () => settle(task.id),
      (error: unknown) => {
        settle(task.id);
        setRefocus(task.id);
        setRefusal(error instanceof Error ? error.message : String(error));
      },
    );
  };

  return (
    <Stack gap="sm">
      {refusal && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setRefusal(null)} closeButtonLabel="Dismiss">
          {refusal}
        </Alert>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: TASK_BOARD_TEXT.instructions } }}
      >
        <section className={classes.board} aria-label={label}>
          {TASK_STATUSES.map((status) => (
            <BoardColumn
              key={status}
              status={status}
              tasks={tasks.filter((task) => statusOf(task) === status)}
              pendingIds={pending}
              refocus={refocus}
              onRefocused={() => setRefocus(null)}
            />
          ))}
        </section>
        <DragOverlay>{dragged ? <CardBody task={dragged} overlay /> : null}</DragOverlay>
      </DndContext>
    </Stack>
  );
}

function BoardColumn({
  status,
  tasks,
  pendingIds,
  refocus,
  onRefocused,
}: {
  status: TaskStatus;
  tasks: BoardTask[];
  pendingIds: Record<string, TaskStatus>;
  refocus: string | null;
  onRefocused: () => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const headingId = useId();
  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      data-over={isOver || undefined}
      aria-labelledby={headingId}
      data-status={status}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.columnHeader}>
        <Title order={3} size="h5" id={headingId}>
          {columnName(status)}
        </Title>
        <Badge variant="light" color="gray" aria-label={tasks.length === 1 ? '1 task' : `${tasks.length} tasks`}>
          {tasks.length}
        </Badge>
      </Group>
      <ul className={classes.cards}>
        {tasks.map((task) => (
          <DraggableCard
            key={task.id}
            task={task}
            saving={task.id in pendingIds}
            focused={refocus === task.id}
            onFocused={onRefocused}
          />
        ))}
      </ul>
      {tasks.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {TASK_BOARD_TEXT.emptyColumn}
        </Text>
      )}
    </section>
  );
}

function DraggableCard({
  task,
  saving,
  focused,
  onFocused,
}: {
  task: BoardTask;
  saving: boolean;
  /** Take the focus (the card was just moved here by the keyboard or the pointer). */
  focused: boolean;
  onFocused: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: task.id,
    data: { status: task.status },
    disabled: !task.canMove,
  });
  const handle = useRef<HTMLButtonElement | null>(null);
  // The card is the drag source for the mouse and touch; the keyboard picks it up from its handle only
  // (Space or Enter on the title link opens the task).
  const { onKeyDown, ...pointerListeners } = (listeners ?? {}) as Partial<
    Record<'onKeyDown' | 'onMouseDown' | 'onTouchStart', (event: SyntheticEvent) => void>
  >;
  useEffect(() => {
    if (!focused) return;
    onFocused();
    // After dnd-kit's own focus restoring (a frame after the drop), which knows only the card's old node.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => handle.current?.focus());
    });
    return () => cancelAnimationFrame(frame);
  }, [focused, onFocused]);
  return (
    <li
      ref={setNodeRef}
      className={classes.item}
      data-movable={task.canMove || undefined}
      {...pointerListeners}
      data-dragging={isDragging || undefined}
      aria-busy={saving || undefined}
    >
      <CardBody
        task={task}
        handle={
          task.canMove ? (
            <ActionIcon
              ref={(node: HTMLButtonElement | null) => {
                handle.current = node;
                setActivatorNodeRef(node);
              }}
              variant="subtle"
              color="gray"
              size="lg"
              className={classes.handle}
              {...attributes}
              onKeyDown={onKeyDown}
              aria-label={TASK_BOARD_TEXT.moveLabel(task.title)}
            >
              <GripIcon />
            </ActionIcon>
          ) : null
        }
      />
    </li>
  );
}

function CardBody({ task, handle, overlay = false }: { task: BoardTask; handle?: ReactNode; overlay?: boolean }) {
  const overdue = isOverdue(task.dueDate, task.status);
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} data-overlay={overlay || undefined}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} size="sm" className={classes.title}>
            {task.to && !overlay ? (
              <Anchor component={Link} to={task.to} inherit c="inherit" draggable={false}>
                {task.title}
              </Anchor>
            ) : (
              task.title
            )}
          </Text>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
              {dueLabel(task.dueDate)}
              {overdue ? ' (overdue)' : ''}
            </Text>
            <RepeatMarker label={task.repeats} />
          </Group>
          <Text size="xs" c="dimmed" className={classes.title}>
            {task.assignee ?? TASK_BOARD_TEXT.unassigned}
          </Text>
        </Stack>
        {handle}
      </Group>
    </Card>
  );
}

/** Six dots in two columns: the grip that says "drag me" (a card is moved by it, or anywhere on the card). */
function GripIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 18 18" fill="currentColor" aria-hidden focusable="false">
      {[4, 9, 14].flatMap((y) => [6.5, 11.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.6} />))}
    </svg>
  );
}
