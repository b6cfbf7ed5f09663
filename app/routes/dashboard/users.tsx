import * as React from "react";
import { DeleteButton } from "~/components/ui/delete-button";
import { useLoaderData } from "react-router";
import { KeyRound, Plus, ShieldOff } from "~/components/icons/sprite";
import type { Route } from "./+types/users";
import { requireAccess } from "~/auth/guard.server";
import { staffAction } from "~/utils/staff-action.server";
import { requiresTwoFactor, ROLE_LABELS, ROLES, type Role } from "~/auth/roles";
import { listUsers } from "~/domain/users/list-users.server";
import { readPage } from "~/lib/pagination";
import { Pager } from "~/components/ui/pager";
import { createUser } from "~/domain/users/create-user.server";
import { updateUser } from "~/domain/users/update-user.server";
import { setUserPassword } from "~/domain/users/set-user-password.server";
import { deleteUser } from "~/domain/users/delete-user.server";
import { resetUserTwoFactor } from "~/domain/users/reset-two-factor.server";
import { USER_MESSAGES, userActionSchema } from "~/domain/users/user.schema";
import { loadOrFail } from "~/utils/load.server";
import { useDialogFormAction, useFormAction } from "~/components/ui/use-form-action";
import { formatDateTime } from "~/lib/dates";
import { DashboardErrorBoundary } from "~/components/layout/dashboard-error";
import { PageHeader } from "~/components/layout/dashboard-shell";
import { NewPasswordField } from "~/components/auth/password-strength-meter";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { actionsColumn, DataTable } from "~/components/ui/data-table";
import { ConfirmDialog, Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog";
import { Field, Input, Options, Select } from "~/components/ui/input";
import { IdempotencyKey } from "~/components/ui/idempotency-key";
import { EditButton } from "~/components/ui/edit-button";
import { SubmitButton } from "~/components/ui/submit-button";

export const meta: Route.MetaFunction = () => [{ title: "Gerenciamento de Usuários | Painel" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAccess(request);
  const page = readPage(new URL(request.url).searchParams.get("pagina"));
  const list = await loadOrFail(() => listUsers(user, { page }), USER_MESSAGES.loadError);
  return { users: list.rows, total: list.total, page: list.page, pageCount: list.pageCount, currentUserId: user.id };
}

export async function action({ request }: Route.ActionArgs) {
  return staffAction(request, userActionSchema, (actor) => ({
    fallback: {
      create: USER_MESSAGES.createError,
      update: USER_MESSAGES.updateError,
      "set-password": USER_MESSAGES.passwordError,
      delete: USER_MESSAGES.deleteError,
      "reset-2fa": USER_MESSAGES.twoFactorResetError,
    },
    idempotent: { create: "user" },
    handlers: {
      create: async (input) => (await createUser(actor, input), USER_MESSAGES.created),
      update: async (input) => (await updateUser(actor, input), USER_MESSAGES.updated),
      "set-password": async (input) => (await setUserPassword(actor, input), USER_MESSAGES.passwordChanged),
      delete: async (input) => (await deleteUser(actor, input.id), USER_MESSAGES.deleted),
      "reset-2fa": async (input) => (await resetUserTwoFactor(actor, input.id), USER_MESSAGES.twoFactorReset),
    },
  }));
}

type UserRow = Awaited<ReturnType<typeof loader>>["users"][number];

function RoleSelect({ defaultValue, ...props }: React.ComponentProps<typeof Select>) {
  return (
    <Select defaultValue={defaultValue ?? ""} {...props}>
      <option value="" disabled>
        Selecione o perfil
      </option>
      <Options values={ROLES} label={(r) => ROLE_LABELS[r]} />
    </Select>
  );
}

function CreateUserDialog() {
  const { Form, open, setOpen, errors, busy } = useDialogFormAction({ schema: userActionSchema });
  const [password, setPassword] = React.useState("");
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setPassword("");
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus /> Novo usuário
        </Button>
      </DialogTrigger>
      <DialogContent title="Novo usuário" description="A pessoa poderá entrar com este usuário e senha.">
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          <IdempotencyKey />
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
          <NewPasswordField label="Senha" name="password" error={errors.password} value={password} onChange={setPassword} required />
          <SubmitButton busy={busy}>Criar usuário</SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function EditUserDialog({ user, isSelf }: { user: UserRow; isSelf: boolean }) {
  const { Form, open, setOpen, errors, busy } = useDialogFormAction({ schema: userActionSchema });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <EditButton name={user.name} />
      </DialogTrigger>
      <DialogContent title={`Editar ${user.username}`}>
        <Form method="post" className="grid gap-4" noValidate>
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
          <SubmitButton busy={busy}>Salvar alterações</SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function SetPasswordDialog({ user }: { user: UserRow }) {
  const { Form, open, setOpen, errors, busy } = useDialogFormAction({ schema: userActionSchema });
  const [password, setPassword] = React.useState("");
  const [confirm, setConfirm] = React.useState("");
  const mismatch = confirm.length > 0 && confirm !== password;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setPassword("");
          setConfirm("");
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Alterar senha de ${user.name}`}>
          <KeyRound /> Senha
        </Button>
      </DialogTrigger>
      <DialogContent title={`Alterar senha de ${user.username}`} description="A pessoa será desconectada de todos os dispositivos.">
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="set-password" />
          <input type="hidden" name="id" value={user.id} />
          <NewPasswordField label="Nova senha" name="password" error={errors.password} value={password} onChange={setPassword} />
          <Field
            label="Confirmar senha"
            name="confirmPassword"
            error={errors.confirmPassword ?? (mismatch ? USER_MESSAGES.mismatch : undefined)}
          >
            {(p) => (
              <Input {...p} type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            )}
          </Field>
          <SubmitButton busy={busy}>Alterar senha</SubmitButton>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** An admin resets another user's second factor (ADR 185): confirmation, then a toast. */
function ResetTwoFactorButton({ user }: { user: UserRow }) {
  const { Form, busy } = useFormAction({ intent: "reset-2fa" });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`2 etapas: redefinir a verificação de ${user.name}`}>
          <ShieldOff /> 2 etapas
        </Button>
      }
      title="Redefinir verificação em duas etapas"
      description={`${user.name} (${user.username}) será desconectado(a) de todos os dispositivos e, ${
        requiresTwoFactor(user.role as Role) ? "no próximo acesso, terá de configurar" : "se quiser, poderá configurar"
      } o aplicativo autenticador de novo. Use quando a pessoa perdeu o celular ou os códigos de recuperação.`}
    >
      {(cls) => (
        <Form method="post">
          <input type="hidden" name="intent" value="reset-2fa" />
          <input type="hidden" name="id" value={user.id} />
          <button type="submit" className={cls + " w-full"} disabled={busy}>
            Redefinir
          </button>
        </Form>
      )}
    </ConfirmDialog>
  );
}

function TwoFactorBadge({ user }: { user: UserRow }) {
  if (user.twoFactorSince) return <Badge tone="success">2 etapas ativa</Badge>;
  if (requiresTwoFactor(user.role as Role)) return <Badge tone="warning">2 etapas pendente</Badge>;
  return null;
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
  const { users, total, page, pageCount, currentUserId } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader
        title="Gerenciamento de Usuários"
        description={`${total} ${total === 1 ? "usuário cadastrado" : "usuários cadastrados"}`}
        actions={<CreateUserDialog />}
      />
      <DataTable
        caption="Usuários da equipe"
        rows={users}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ "data-testid": `user-row-${u.username}` })}
        columns={[
          {
            header: "Nome e e-mail",
            label: false,
            cell: (u) => (
              <>
                <span className="font-semibold text-slate-900">{u.name}</span>
                {u.id === currentUserId ? <span className="ml-2 text-xs font-normal text-slate-500">(você)</span> : null}
                <span className="block break-all text-slate-700 md:break-normal md:text-xs md:text-slate-600">{u.email}</span>
              </>
            ),
          },
          { header: "Usuário", className: "text-slate-700", cell: (u) => u.username },
          {
            header: "Perfil",
            cell: (u) => (
              <span className="flex flex-wrap gap-1">
                <Badge tone={u.role === "admin" ? "brand" : "navy"}>{ROLE_LABELS[u.role as Role]}</Badge>
                <TwoFactorBadge user={u} />
              </span>
            ),
          },
          {
            // Shown on a phone's card and from 2xl; between md and 2xl the table leaves it out.
            header: "Criado em",
            headerClassName: "md:hidden 2xl:table-cell",
            className: "text-slate-600 md:hidden 2xl:table-cell 2xl:whitespace-nowrap",
            cell: (u) => formatDateTime(u.createdAt),
          },
          actionsColumn(
            (u: (typeof users)[number]) => {
              const isSelf = u.id === currentUserId;
              return (
                <>
                  <EditUserDialog user={u} isSelf={isSelf} />
                  <SetPasswordDialog user={u} />
                  {/* Offered only where there is a second factor to reset (the "2 etapas ativa" badge). */}
                  {isSelf || !u.twoFactorSince ? null : <ResetTwoFactorButton user={u} />}
                  {isSelf ? null : <DeleteUserButton user={u} />}
                </>
              );
            },
            // Up to four buttons: they wrap rather than push the table past its box on a laptop.
            { buttons: "wrap", className: "max-md:pt-2" },
          ),
        ]}
      />
      {pageCount > 1 ? (
        <div className="mt-6">
          <Pager label="Paginação dos usuários" page={page} pageCount={pageCount} hrefFor={(p) => (p > 1 ? `?pagina=${p}` : "?")} />
        </div>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = DashboardErrorBoundary;
