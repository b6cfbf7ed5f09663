import { todayInBrasilia } from "~/lib/dates";

export type DueState = "overdue" | "today" | null;
/** Overdue / due today, for a record still open (its own module: the badges need no holiday table). */
export function dueState(dueAt: Date | string, status: string, now = new Date()): DueState {
  if (status !== "pending" && status !== "in_progress") return null;
  const due = new Date(dueAt);
  if (due.getTime() < now.getTime()) return "overdue";
  return todayInBrasilia(due) === todayInBrasilia(now) ? "today" : null;
}
