import { useState } from "react";
import { useMutation } from "urql";
import type { AccountRole } from "../../../../shared/enums";
import { formatDate } from "../../../../shared/format";
import { canManageRole, hasPermission } from "../../../../shared/permissions";
import { ConfirmDialog } from "../../../components/ui/dialog";
import { Table, Td, Th } from "../../../components/ui/table";
import { toast } from "../../../components/ui/toast";
import type { AccountRole as GqlRole, TeamMemberFieldsFragment } from "../../../graphql/generated/graphql";
import { useLocale, useTranslation } from "../../../i18n";
import { useRefusalToast } from "../../../lib/use-refusal-toast";
import { RemoveMemberMutation, RevokeInvitationMutation, TransferOwnershipMutation, UpdateMemberRoleMutation } from "../operations";

const ROLES: AccountRole[] = ["member", "admin", "owner"];
const roleOf = (m: TeamMemberFieldsFragment) => m.role.toLowerCase() as AccountRole;
type Pending = { kind: "remove" | "revoke" | "transfer"; member: TeamMemberFieldsFragment } | null;

/** Members and open invitations, with the changes the caller's role allows (each confirmed). */
export function TeamTable({ members, myId, myRole }: { members: TeamMemberFieldsFragment[]; myId: string; myRole: AccountRole }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const showRefusal = useRefusalToast();
  const [pending, setPending] = useState<Pending>(null);
  const [{ fetching: changing }, updateRole] = useMutation(UpdateMemberRoleMutation);
  const [{ fetching: removing }, removeMember] = useMutation(RemoveMemberMutation);
  const [{ fetching: revoking }, revokeInvitation] = useMutation(RevokeInvitationMutation);
  const [{ fetching: transferring }, transferOwnership] = useMutation(TransferOwnershipMutation);
  const display = (m: TeamMemberFieldsFragment) => m.name || m.email;

  async function confirm() {
    if (!pending) return;
    const { kind, member } = pending;
    const result =
      kind === "remove"
        ? await removeMember({ userId: member.id })
        : kind === "revoke"
          ? await revokeInvitation({ id: member.id })
          : await transferOwnership({ userId: member.id });
    setPending(null);
    if (showRefusal(result.error)) return;
    toast.success(t(kind === "remove" ? "team:removed" : kind === "revoke" ? "team:revoked" : "team:transferred"));
  }

  return (
    <>
      <Table label={t("team:title")}>
        <thead className="bg-slate-50">
          <tr>
            <Th>{t("team:columns.name")}</Th>
            <Th>{t("team:columns.role")}</Th>
            <Th className="hidden sm:table-cell">{t("team:columns.status")}</Th>
            <Th className="text-right">
              <span className="sr-only">{t("team:columns.actions")}</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((m) => {
            const role = roleOf(m);
            const invited = m.status === "INVITED";
            const isMe = m.id === myId;
            const manageable = canManageRole(myRole, role);
            return (
              <tr key={`${m.status}:${m.id}`} data-testid="team-row" data-status={m.status.toLowerCase()}>
                <Td className="[overflow-wrap:anywhere]">
                  <p className="font-medium text-slate-900">
                    {m.name ?? m.email}
                    {isMe ? <span className="ml-1 font-normal text-slate-500">({t("team:you")})</span> : null}
                  </p>
                  {m.name ? <p className="text-xs text-slate-500">{m.email}</p> : null}
                  <p className="text-xs text-slate-500 sm:hidden">{t(`team:status.${invited ? "invited" : "member"}`)}</p>
                  {invited && m.expiresAt ? (
                    <p className="text-xs text-slate-500">{t("team:expires", { date: formatDate(String(m.expiresAt).slice(0, 10), locale) })}</p>
                  ) : null}
                </Td>
                <Td>
                  {!invited && manageable ? (
                    <select
                      aria-label={t("team:actions.role", { name: display(m) })}
                      data-testid="role-select"
                      value={role}
                      disabled={changing}
                      onChange={async (e) => {
                        const result = await updateRole({ userId: m.id, role: e.target.value.toUpperCase() as GqlRole });
                        if (!showRefusal(result.error)) toast.success(t("team:roleChanged"));
                      }}
                      className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                    >
                      {ROLES.filter((r) => canManageRole(myRole, r)).map((r) => (
                        <option key={r} value={r}>
                          {t(`team:roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span data-testid="role">{t(`team:roles.${role}`)}</span>
                  )}
                </Td>
                <Td className="hidden sm:table-cell">
                  <span
                    data-testid="status"
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${invited ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"}`}
                  >
                    {t(`team:status.${invited ? "invited" : "member"}`)}
                  </span>
                </Td>
                <Td className="text-right">
                  <div className="flex flex-wrap justify-end gap-1">
                    {!invited && !isMe && role !== "owner" && hasPermission(myRole, "team.transferOwnership") ? (
                      <RowButton label={`${t("team:actions.makeOwner")}: ${display(m)}`} onClick={() => setPending({ kind: "transfer", member: m })}>
                        {t("team:actions.makeOwner")}
                      </RowButton>
                    ) : null}
                    {invited && manageable && hasPermission(myRole, "team.remove") ? (
                      <RowButton danger label={`${t("team:actions.revoke")}: ${m.email}`} onClick={() => setPending({ kind: "revoke", member: m })}>
                        {t("team:actions.revoke")}
                      </RowButton>
                    ) : null}
                    {!invited && !isMe && manageable && hasPermission(myRole, "team.remove") ? (
                      <RowButton danger label={`${t("team:actions.remove")}: ${display(m)}`} onClick={() => setPending({ kind: "remove", member: m })}>
                        {t("team:actions.remove")}
                      </RowButton>
                    ) : null}
                  </div>
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === "revoke"
            ? t("team:confirm.revokeTitle", { email: pending.member.email })
            : pending?.kind === "transfer"
              ? t("team:confirm.transferTitle", { name: display(pending.member) })
              : t("team:confirm.removeTitle", { name: pending ? display(pending.member) : "" })
        }
        confirmLabel={t(pending?.kind === "revoke" ? "team:confirm.revoke" : pending?.kind === "transfer" ? "team:confirm.transfer" : "team:confirm.remove")}
        cancelLabel={t("team:confirm.cancel")}
        danger={pending?.kind !== "transfer"}
        busy={removing || revoking || transferring}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      >
        <p>
          {t(pending?.kind === "revoke" ? "team:confirm.revokeBody" : pending?.kind === "transfer" ? "team:confirm.transferBody" : "team:confirm.removeBody")}
        </p>
      </ConfirmDialog>
    </>
  );
}

function RowButton({ label, danger = false, onClick, children }: { label: string; danger?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`rounded-md px-2 py-1 text-sm font-medium ${danger ? "text-red-700 hover:bg-red-50" : "text-brand-700 hover:bg-brand-50"}`}
    >
      {children}
    </button>
  );
}
