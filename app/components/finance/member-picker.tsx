import * as React from "react";
import { Check } from "~/components/icons/sprite";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import type { MemberPickRow } from "~/domain/members/member-row";

/**
 * The finance roles' member picker (issue 19 item 6, ADR 215): an ARIA 1.2 combobox (input +
 * listbox, aria-activedescendant) that searches /api/financeiro/filiados by name (accents
 * ignored), matrícula or CPF, and shows the CPF masked. Arrow keys move, Enter picks, Escape
 * closes the list (not the dialog around it). The form receives the picked member's matrícula
 * in a hidden `name` field; without JavaScript the text box itself is that field, so a typed
 * matrícula still works.
 */

export const MEMBER_PICKER_TEXT = {
  placeholder: "Nome, matrícula ou CPF",
  searching: "Buscando filiados...",
  none: "Nenhum filiado encontrado.",
  found: (n: number, more: boolean) =>
    more ? `Mais de ${n} filiados encontrados: refine a busca.` : n === 1 ? "1 filiado encontrado." : `${n} filiados encontrados.`,
  failed: "Não foi possível buscar os filiados agora. Tente novamente.",
  picked: (m: MemberPickRow) => `Selecionado: ${m.name}, matrícula ${m.registrationNumber}.`,
  anonymized: "anonimizado, não pode ser cobrado",
} as const;

const SEARCH_URL = "/api/financeiro/filiados";

type Props = {
  id: string;
  name: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  /** The matrícula to start with (e.g. after a refused submit). */
  defaultValue?: string;
};

export function MemberPicker({ id, name, "aria-invalid": invalid, "aria-describedby": describedBy, defaultValue = "" }: Props) {
  const [hydrated, setHydrated] = React.useState(false);
  const [text, setText] = React.useState(defaultValue);
  const [picked, setPicked] = React.useState<MemberPickRow | null>(null);
  const [rows, setRows] = React.useState<MemberPickRow[]>([]);
  const [more, setMore] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const [status, setStatus] = React.useState<"" | "searching" | "done" | "failed">("");
  const inputRef = React.useRef<HTMLInputElement>(null);
  const listId = `${id}-lista`;
  const statusId = `${id}-situacao`;

  React.useEffect(() => setHydrated(true), []);

  // Debounced search; the previous request is aborted when the text changes.
  React.useEffect(() => {
    if (!hydrated || picked) return;
    const term = text.trim();
    if (term.length < 2 && !/^\d$/.test(term)) {
      setRows([]);
      setMore(false);
      setStatus("");
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus("searching");
      try {
        const res = await fetch(`${SEARCH_URL}?q=${encodeURIComponent(term)}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as { rows: MemberPickRow[]; more: boolean };
        setRows(body.rows);
        setMore(body.more);
        setActive(body.rows.findIndex((r) => !r.anonymized));
        setOpen(body.rows.length > 0);
        setStatus("done");
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        setRows([]);
        setOpen(false);
        setStatus("failed");
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, hydrated, picked]);

  // Escape closes the list without closing the dialog around it: Radix listens on the document
  // in the capture phase, so this listener sits on the window, before it.
  React.useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && e.target === inputRef.current) {
        e.stopPropagation();
        e.preventDefault();
        setOpen(false);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open]);

  function choose(m: MemberPickRow) {
    if (m.anonymized) return;
    setPicked(m);
    setText(`${m.name} (matrícula ${m.registrationNumber})`);
    setOpen(false);
    setActive(-1);
  }

  function move(delta: number) {
    if (rows.length === 0) return;
    // Closed: the arrows reopen the list on the option that was active.
    if (!open) {
      setOpen(true);
      if (active >= 0) return;
    }
    let i = active;
    for (let n = 0; n < rows.length; n++) {
      i = (i + delta + rows.length) % rows.length;
      if (!rows[i].anonymized) break;
    }
    setActive(i);
    document.getElementById(`${id}-opcao-${i}`)?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      move(1);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      move(-1);
    } else if (e.key === "Enter" && open && active >= 0 && rows[active]) {
      e.preventDefault();
      choose(rows[active]);
    }
  }

  // What the form sends: the picked member's matrícula, or the text when it is a matrícula.
  const value = picked ? String(picked.registrationNumber) : /^\s*\d{1,10}\s*$/.test(text) ? text.trim() : "";
  const message =
    picked && !open
      ? MEMBER_PICKER_TEXT.picked(picked)
      : status === "searching"
        ? MEMBER_PICKER_TEXT.searching
        : status === "failed"
          ? MEMBER_PICKER_TEXT.failed
          : status === "done"
            ? rows.length === 0
              ? MEMBER_PICKER_TEXT.none
              : MEMBER_PICKER_TEXT.found(rows.length, more)
            : "";
  return (
    <div className="grid gap-1.5">
      <Input
        ref={inputRef}
        id={id}
        // Before hydration the text box is the field (a typed matrícula); after, the hidden one.
        name={hydrated ? undefined : name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-opcao-${active}` : undefined}
        aria-invalid={invalid}
        aria-describedby={[describedBy, statusId].filter(Boolean).join(" ")}
        autoComplete="off"
        spellCheck={false}
        maxLength={120}
        placeholder={MEMBER_PICKER_TEXT.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setPicked(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => {
          if (!picked && rows.length > 0) setOpen(true);
        }}
        data-testid="member-picker"
      />
      {hydrated ? <input type="hidden" name={name} value={value} /> : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Filiados encontrados"
        hidden={!open}
        className="max-h-64 overflow-y-auto rounded-lg border border-slate-300 bg-white p-1 shadow-sm"
      >
        {rows.map((m, i) => (
          <li
            key={m.id}
            id={`${id}-opcao-${i}`}
            role="option"
            aria-selected={i === active}
            aria-disabled={m.anonymized || undefined}
            // Keep the focus in the text box (the list is not focusable).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(m)}
            onMouseMove={() => !m.anonymized && setActive(i)}
            className={cn(
              "flex cursor-pointer items-start justify-between gap-2 rounded-md px-3 py-2 text-sm",
              i === active ? "bg-brand-50 outline outline-2 outline-brand-600" : "hover:bg-slate-50",
              m.anonymized && "cursor-not-allowed text-slate-500",
            )}
            data-testid={`member-option-${m.registrationNumber}`}
          >
            <span className="grid">
              <span className="font-semibold text-slate-900">{m.name}</span>
              <span className="text-xs text-slate-700">
                Matrícula {m.registrationNumber} · CPF {m.cpfMasked} · {m.anonymized ? MEMBER_PICKER_TEXT.anonymized : m.situation}
              </span>
            </span>
            {picked?.id === m.id ? <Check aria-hidden className="size-4 shrink-0 text-brand-700" /> : null}
          </li>
        ))}
      </ul>
      <p id={statusId} role="status" className="text-xs text-slate-700" data-testid="member-picker-status">
        {message}
      </p>
    </div>
  );
}
