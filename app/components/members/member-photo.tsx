import * as React from "react";
import { Camera, Trash2 } from "~/components/icons/sprite";
import { useFormAction } from "~/components/ui/use-form-action";
import { Button } from "~/components/ui/button";
import { UploadCard, UploadField } from "~/components/ui/upload-card";

const PHOTO_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";

/** A member's photo: shown through the guarded photo route; staff send a new one or remove it. */
export function MemberPhoto({ name, src, canEdit }: { name: string; src: string | null; canEdit: boolean }) {
  const { Form, busy, pendingIntent, errors, resetKey } = useFormAction();
  const id = "f-foto-filiado";
  return (
    <UploadCard title="Foto" className="gap-4 p-5 sm:p-5" data-testid="member-photo">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        {src ? (
          <img
            src={src}
            alt={`Foto de ${name}`}
            width={160}
            height={160}
            className="size-40 shrink-0 rounded-lg border border-slate-200 object-cover"
            data-testid="member-photo-img"
          />
        ) : (
          <div className="flex size-40 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-sm text-slate-600">
            Sem foto
          </div>
        )}
        {canEdit ? (
          <div className="grid min-w-0 flex-1 gap-3">
            <Form key={resetKey} method="post" encType="multipart/form-data" className="grid gap-2" noValidate>
              <UploadField
                id={id}
                name="foto"
                label="Nova foto (JPG, PNG, GIF ou WebP, até 5MB)"
                accept={PHOTO_ACCEPT}
                buttonLabel="Selecionar foto"
                nameTestId="member-photo-file"
                hint="A foto é reduzida e os metadados (como localização) são removidos."
                error={errors.foto}
              />
              <div>
                <Button type="submit" name="intent" value="photo-upload" disabled={busy}>
                  <Camera aria-hidden /> {busy && pendingIntent === "photo-upload" ? "Enviando…" : "Enviar foto"}
                </Button>
              </div>
            </Form>
            {src ? (
              <Form method="post">
                <Button type="submit" name="intent" value="photo-remove" variant="outline" disabled={busy}>
                  <Trash2 aria-hidden /> Remover foto
                </Button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
    </UploadCard>
  );
}
