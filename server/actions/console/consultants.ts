import type { ConsultantCode } from '@contract/console/endpoints/ads';
import { isConsultantCode, normalizeConsultantCode } from '@contract/rules/consultant';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import { assertClassifieds } from '../ads/classifieds-only';
import { publishUsersChanged } from '../../services/events/topics';
import { staffWrite } from './commit';
import type { ConsoleHandlers } from './context';

async function codesOf(repos: Repositories): Promise<{ codes: ConsultantCode[] }> {
  const rows = await repos.consultantCodes.list();
  return {
    codes: rows.map(({ code, holderName }) => ({
      id: code.id,
      code: code.code,
      label: code.label,
      holder_id: code.userId,
      holder_name: code.userId === null ? null : holderName,
      claimed_at: code.claimedAt?.toISOString() ?? null,
      revoked_at: code.revokedAt?.toISOString() ?? null,
      created_at: code.createdAt.toISOString(),
    })),
  };
}

/** Consultant codes (spec §6): the owner of a classifieds shop gives and revokes them; a customer claims one in their profile. */
export const consultantConsoleActions: ConsoleHandlers<'consultant_codes' | 'consultant_code_create' | 'consultant_code_revoke'> = {
  async consultant_codes({ shop, repos, language }) {
    assertClassifieds(shop, language);
    return codesOf(repos);
  },

  async consultant_code_create(context, { consultant_code: code, label }) {
    const { shop, repos, staff, language, clock } = context;
    assertClassifieds(shop, language);
    const normalized = normalizeConsultantCode(code);
    if (!isConsultantCode(normalized)) throw new ApiError(400, 'invalid_input', translate(language, 'consultant_code_invalid'), undefined, { field: 'consultant_code' });
    await staffWrite(context, async (tx) => {
      const created = await tx.consultantCodes.create({ code: normalized, label: label.trim(), staffId: staff.id, at: clock() });
      if (!created) throw new ApiError(409, 'consultant_code_exists', translate(language, 'consultant_code_exists'), undefined, { field: 'consultant_code' });
      await tx.staffAudit.record(staff, { action: 'consultant.create', subjectType: 'consultant_code', subjectId: created.id, detail: { code: normalized, label: created.label } }, clock());
    });
    return codesOf(repos);
  },

  async consultant_code_revoke(context, { code_id }) {
    const { shop, repos, staff, language, clock, events } = context;
    assertClassifieds(shop, language);
    await staffWrite(context, async (tx, later) => {
      const code = await tx.consultantCodes.byId(code_id, true);
      if (!code) throw new ApiError(404, 'not_found', translate(language, 'consultant_code_not_found'));
      if (code.revokedAt !== null) return;
      await tx.consultantCodes.revoke(code.id, clock());
      // Its holder publishes as a person from now on: a revoked code is never shown on a new ad.
      const holderId = code.userId;
      if (holderId !== null) {
        await tx.accounts.dropConsultant(holderId, code.code);
        // Every instance's session cache drops the holder: their next ad is a person's.
        later(() => publishUsersChanged(events, [holderId]));
      }
      await tx.staffAudit.record(staff, { action: 'consultant.revoke', subjectType: 'consultant_code', subjectId: code.id, detail: { code: code.code, holder_id: holderId } }, clock());
    });
    return codesOf(repos);
  },
};
