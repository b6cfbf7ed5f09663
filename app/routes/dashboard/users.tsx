import * as React from "react";
import { DeleteButton } from "~/components/ui/delete-button";
import { useFetcher, useLoaderData } from "react-router";
import { KeyRound, Pencil, Plus } from "lucide-react";
import type { Route } from "./+types/users";
import { requireAccess } from "~/auth/guard.server";
import { ROLE_LABELS, ROLES, type Role } from "~/auth/permissions";
import { listUsers } from "~/domain/users/list-users.server";
import { createUser } from "~/domain/users/create-user.server";
import { updateUser } from "~/domain/users/update-user.server";
import { setUserPassword } from "~/domain/users/set-user-password.server";
import { deleteUser } from "~/domain/users/delete-user.server";
import { USER_MESSAGES, userActionSchema } from "~/domain/users/user.schema";
import { failFrom, ok } from "~/utils/action-result.server";
import type { ActionResult } from "~/utils/action-result";
import { formValues } from "~/utils/forms";
import { useActionToast } from "~/utils/use-action-toast";
import { formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { PasswordStrengthMeter } from "~/components/auth/password-strength-meter";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Field, Input, Select } from "~/components/ui/input";

export const meta: Route.MetaFunction = () => [{ title: "Gerenciamento de Usuários | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  return { users: await listUsers(user), currentUserId: user.id };
}

const FALLBACK: Record<string, string> = {
  create: USER_MESSAGES.createError,
  update: USER_MESSAGES.updateError,
  "set-password": USER_MESSAGES.passwordError,
  delete: USER_MESSAGES.deleteError };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireAccess(request);
  const values = formValues(await request.formData());
  const intent = values.intent;
  try {
    const input = userActionSchema.parse(values);
    switch (input.intent) {
      case "create":
        await createUser(actor, input);
        return ok(USER_MESSAGES.created, { intent });
      case "update":
        await updateUser(actor, input);
        return ok(USER_MESSAGES.updated, { intent });
      case "set-password":
        await setUserPassword(actor, input);
        return ok(USER_MESSAGES.passwordChanged, { intent });
      case "delete":
        await deleteUser(actor, input.id);
        return ok(USER_MESSAGES.deleted, { intent });
    }
  } catch (error) {
    return failFrom(error, FALLBACK[intent] ?? USER_MESSAGES.updateError, intent);
  }
}

type UserRow = Awaited<ReturnType<typeof loader>>["users"][number];

function RoleSelect({ defaultValue, ...props }: React.ComponentProps<typeof Select>) {
  return (
    <Select defaultValue={defaultValue ?? ""} {...props}>
      <option value="" disabled>
        Selecione o perfil
      </option>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </Select>
  );
}

function useDialogFetcher() {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = React.useState(false);
  const close = React.useCallback(() => setOpen(false), []);
  useActionToast(fetcher.data, close);
  const errors = (fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined) ?? {};
  return { fetcher, open, setOpen, errors, busy: fetcher.state !== "idle" };
}

function CreateUserDialog() {
  const { fetcher, open, setOpen, errors, busy } = useDialogFetcher();
  const [password, setPassword] = React.useState("");
  return (
    <Dialog open={open} onOpenChange={(o) => { setOpen(o); if (!o) setPassword(""); }}>
      <DialogTrigger asChild>
        <Button>
          <Plus /> Novo usuário
        </Button>
      </DialogTrigger>
      <DialogContent title="Novo usuário" description="A pessoa poderá entrar com este usuário e senha.">
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          <Field label="Usuário" name="username" error={errors.username}>
            {(p) => <Input {...p} autoCapitalize="none" autoComplete="off" required />}
          </Field>
          <Field label="Nome" name="name" error={errors.name}>
            {(p) => <Input {...p} required />}
          </Field>
          <Field label="E-mail" name="email" error={errors.email}>
            {(p) => <Input {...p} type="email" required />}
          </Field>
          <Field label="Perfil" name="role" error={errors.role}>
            {(p) => <RoleSelect {...p} required />}
          </Field>
          <Field label="Senha" name="password" error={errors.password}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required />}
          </Field>
          <PasswordStrengthMeter password={password} />
          <Button type="submit" disabled={busy}>
            {busy ? "Salvando..." : "Criar usuário"}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function EditUserDialog({ user, isSelf }: { user: UserRow; isSelf: boolean }) {
  const { fetcher, open, setOpen, errors, busy } = useDialogFetcher();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Editar ${user.name}`}>
          <Pencil /> Editar
        </Button>
      </DialogTrigger>
      <DialogContent title={`Editar ${user.username}`}>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={user.id} />
          <Field label="Nome" name="name" error={errors.name}>
            {(p) => <Input {...p} defaultValue={user.name} required />}
          </Field>
          <Field label="E-mail" name="email" error={errors.email}>
            {(p) => <Input {...p} type="email" defaultValue={user.email} required />}
          </Field>
          <Field label="Perfil" name="role" error={errors.role} hint={isSelf ? "Você não pode alterar o seu próprio perfil." : undefined}>
            {(p) =>
              isSelf ? (
                <>
                  <input type="hidden" name="role" value={user.role} />
                  <RoleSelect id={p.id} defaultValue={user.role} disabled aria-describedby={p["aria-describedby"]} />
                </>
              ) : (
                <RoleSelect {...p} defaultValue={user.role} required />
              )
            }
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Salvando..." : "Salvar alterações"}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function SetPasswordDialog({ user }: { user: UserRow }) {
  const { fetcher, open, setOpen, errors, busy } = useDialogFetcher();
  const [password, setPassword] = React.useState("");
  const [confirm, setConfirm] = React.useState("");
  const mismatch = confirm.length > 0 && confirm !== password;
  return (
    <Dialog open={open} onOpenChange={(o) => { setOpen(o); if (!o) { setPassword(""); setConfirm(""); } }}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Alterar senha de ${user.name}`}>
          <KeyRound /> Senha
        </Button>
      </DialogTrigger>
      <DialogContent title={`Alterar senha de ${user.username}`} description="A pessoa será desconectada de todos os dispositivos.">
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="set-password" />
          <input type="hidden" name="id" value={user.id} />
          <Field label="Nova senha" name="password" error={errors.password}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
          </Field>
          <PasswordStrengthMeter password={password} />
          <Field label="Confirmar senha" name="confirmPassword" error={errors.confirmPassword ?? (mismatch ? USER_MESSAGES.mismatch : undefined)}>
            {(p) => <Input {...p} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? "Salvando..." : "Alterar senha"}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteUserButton({ user }: { user: UserRow }) {
  return (
    <DeleteButton
      id={user.id}
      name={user.name}
      title="Excluir usuário"
      description={`Tem certeza que deseja excluir o usuário ${user.name} (${user.username})? Esta ação não pode ser desfeita.`}
    />
  );
}

export default function UsersPage() {
  const { users, currentUserId } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Gerenciamento de Usuários"
        description={`${users.length} ${users.length === 1 ? "usuário cadastrado" : "usuários cadastrados"}`}
        actions={<CreateUserDialog />}
      />
      <Card className="overflow-hidden">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Usuários da equipe</caption>
          <thead className="hidden bg-slate-50 text-xs uppercase tracking-wide text-slate-600 md:table-header-group">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Nome e e-mail</th>
              <th scope="col" className="px-4 py-3 font-semibold">Usuário</th>
              <th scope="col" className="px-4 py-3 font-semibold">Perfil</th>
              <th scope="col" className="hidden px-4 py-3 font-semibold 2xl:table-cell">Criado em</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Ações</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {users.map((u) => {
              const isSelf = u.id === currentUserId;
              return (
                <tr key={u.id} className="grid gap-1 px-4 py-4 md:table-row md:p-0" data-testid={`user-row-${u.username}`}>
                  <td className="md:px-4 md:py-3">
                    <span className="font-semibold text-slate-900">{u.name}</span>
                    {isSelf ? <span className="ml-2 text-xs font-normal text-slate-500">(você)</span> : null}
                    <span className="block break-all text-slate-700 md:break-normal md:text-xs md:text-slate-600">{u.email}</span>
                  </td>
                  <td className="text-slate-700 md:px-4 md:py-3">
                    <span className="md:hidden text-slate-500">Usuário: </span>
                    {u.username}
                  </td>
                  <td className="md:px-4 md:py-3">
                    <Badge tone={u.role === "admin" ? "brand" : "navy"}>{ROLE_LABELS[u.role as Role]}</Badge>
                  </td>
                  <td className="text-slate-600 md:hidden md:px-4 md:py-3 2xl:table-cell 2xl:whitespace-nowrap">
                    <span className="2xl:hidden">Criado em </span>
                    {formatDateTime(u.createdAt)}
                  </td>
                  <td className="pt-2 md:px-4 md:py-3">
                    <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
                      <EditUserDialog user={u} isSelf={isSelf} />
                      <SetPasswordDialog user={u} />
                      {isSelf ? null : <DeleteUserButton user={u} />}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
