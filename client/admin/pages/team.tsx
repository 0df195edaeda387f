import { useLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from '../../../shared/api/staff';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { staffInviteForm } from '../../../shared/forms/staff';
import { AdminForm, Checkbox, Done, Select, TextField } from '../AdminForm';
import { dateTime } from '../format';
import { useShell } from '../use-shell';

/** The owners' screen: who works on the site, in which role, who is invited, and inviting someone. */
export default function Team() {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { members, invitations, me } = useLoaderData() as AdminScreenData['team'];
  const [search] = useSearchParams();
  const done = search.get('done');
  const roles = STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">{t('titles.team')}</h1>
      <Done message={done ? t(`team.done.${done}`, { defaultValue: '' }) : null} />
      <ul className="admin-members">
        {members.map((member) => (
          <li key={member.id} className="admin-member">
            <h2>
              {member.name} {member.id === me ? <span className="admin-field__hint">({t('team.you')})</span> : null}
            </h2>
            <p className="admin-lead__facts">
              <span>{member.email}</span>
              <span>{t(member.enrolled ? 'team.appSetUp' : 'team.appNotSetUp')}</span>
              {member.disabledAt ? <span>{t('team.disabledSince', { at: dateTime(member.disabledAt, locale) })}</span> : null}
            </p>
            <AdminForm name={`member-${member.id}`} intent="member" submitLabel={t('team.save')} className="admin-form admin-form--inline">
              <input type="hidden" name="member" value={member.id} />
              <Select name="role" label={t('fields.role')} defaultValue={member.role} options={roles} />
              <Checkbox name="disabled" label={t('team.disabled')} defaultChecked={member.disabledAt !== null} />
            </AdminForm>
            {member.enrolled ? (
              <AdminForm name={`member-${member.id}-app`} intent="twoFactor" submitLabel={t('team.resetApp')} className="admin-form admin-form--inline" danger>
                <input type="hidden" name="member" value={member.id} />
              </AdminForm>
            ) : null}
          </li>
        ))}
      </ul>
      {invitations.length > 0 ? (
        <>
          <h2>{t('team.invitations')}</h2>
          <ul>
            {invitations.map((invitation) => (
              <li key={invitation.email}>
                {t('team.invited', { email: invitation.email, role: t(`roles.${invitation.role}`), until: dateTime(invitation.expiresAt, locale) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 id="invite-title">{t('team.invite')}</h2>
      <AdminForm name="invite" intent="invite" schema={staffInviteForm} submitLabel={t('team.sendInvitation')}>
        <TextField name="email" type="email" label={t('fields.email')} required />
        <Select name="role" label={t('fields.role')} defaultValue="sales" options={roles} required />
      </AdminForm>
    </section>
  );
}
