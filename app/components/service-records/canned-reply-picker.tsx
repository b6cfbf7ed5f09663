import * as React from "react";
import { MessageSquareText } from "~/components/icons/sprite";
import { Button } from "~/components/ui/button";
import { Field, Options, Select } from "~/components/ui/input";

export type CannedOption = { id: string; title: string; text: string };

/**
 * "Resposta pronta" on a record's comment form (issue 22 §6, ADR 265): choose one of the
 * sector's canned replies (already filled with the requester's name and protocol) and insert it
 * at the cursor of the comment box, where it can still be edited before it is sent.
 */
export function CannedReplyPicker({ options, targetId }: { options: CannedOption[]; targetId: string }) {
  const [chosen, setChosen] = React.useState(options[0]?.id ?? "");
  const [said, setSaid] = React.useState("");
  if (options.length === 0) return null;
  function insert() {
    const option = options.find((o) => o.id === chosen);
    const box = document.getElementById(targetId) as HTMLTextAreaElement | null;
    if (!option || !box) return;
    const start = box.selectionStart ?? box.value.length;
    const end = box.selectionEnd ?? start;
    const before = box.value.slice(0, start);
    const glue = before && !before.endsWith("\n") ? "\n" : "";
    const inserted = glue + option.text;
    const next = before + inserted + box.value.slice(end);
    box.value = box.maxLength > 0 ? next.slice(0, box.maxLength) : next;
    // The form's live checks listen to input events (ADR 190).
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.focus();
    const caret = Math.min(before.length + inserted.length, box.value.length);
    box.setSelectionRange(caret, caret);
    setSaid(`Resposta pronta “${option.title}” inserida no comentário.`);
  }
  return (
    <div
      className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[1fr_auto] sm:items-end"
      data-testid="canned-picker"
    >
      <Field label="Resposta pronta" name="canned-reply">
        {(f) => (
          <Select {...f} value={chosen} onChange={(e) => setChosen(e.target.value)}>
            <Options values={options} value={(o) => o.id} label={(o) => o.title} />
          </Select>
        )}
      </Field>
      <Button type="button" variant="outline" onClick={insert}>
        <MessageSquareText aria-hidden /> Inserir no comentário
      </Button>
      <p className="sr-only" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
